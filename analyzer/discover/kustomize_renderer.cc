#include "analyzer/discover/kustomize_renderer.h"

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"
#include "analyzer/discover/rendered_documents.h"
#include "analyzer/extract/kubernetes/manifest.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {
namespace {

bool IsRemote(const std::string& entry) {
  return entry.find("://") != std::string::npos || StartsWith(entry, "git@") ||
         StartsWith(entry, "github.com/");
}

// Entries of a list field, each a string.
std::vector<std::string> Entries(const yaml::Node& root,
                                 const std::string& key) {
  return YamlView::StringList(Child(root, key));
}

std::pair<std::string, std::string> Identity(const yaml::Node& root) {
  return {YamlView::String(root, "kind"),
          YamlView::String(Child(root, "metadata"), "name")};
}

}  // namespace

bool IsKustomizationFile(const std::string& name) {
  return name == "kustomization.yaml" || name == "kustomization.yml" ||
         name == "Kustomization";
}

std::vector<Kustomization> ReadKustomizations(
    const FileSystem& fs, const std::vector<DiscoveredFile>& files) {
  std::vector<Kustomization> all;
  std::set<std::string> file_paths;
  for (const DiscoveredFile& file : files) {
    if (!file.content) file_paths.insert(NormalPath(file.path));
  }
  for (const DiscoveredFile& file : files) {
    if (file.content || !IsKustomizationFile(BaseName(file.path))) continue;
    Kustomization k;
    k.directory = NormalPath(ParentPath(file.path));
    k.file_path = file.path;
    k.file_display = file.display;
    all.push_back(k);
  }
  std::set<std::string> directories;
  for (const Kustomization& k : all) directories.insert(k.directory);
  for (Kustomization& k : all) {
    std::string content, error;
    if (!fs.ReadFile(k.file_path, 8 << 20, &content, &error)) continue;
    std::vector<Diagnostic> ignored;  // kustomize reports a broken file
    std::vector<YamlDocument> docs =
        ParseYamlDocuments(k.file_display, content, &ignored);
    if (docs.empty() || !docs[0].root.IsMap()) continue;
    const yaml::Node& root = docs[0].root;
    k.component = YamlView::String(root, "kind") == "Component";
    for (const char* key : {"resources", "components", "bases"}) {
      for (const std::string& entry : Entries(root, key)) {
        if (IsRemote(entry)) continue;
        std::string path = NormalPath(JoinPath(k.directory, entry));
        if (directories.count(path)) {
          k.uses.push_back(path);
        } else if (file_paths.count(path)) {
          k.resource_files.push_back(path);
        }
      }
    }
  }
  return all;
}

std::vector<const Kustomization*> KustomizeRoots(
    const std::vector<Kustomization>& all) {
  std::set<std::string> used;
  for (const Kustomization& k : all) {
    for (const std::string& dir : k.uses) {
      if (dir != k.directory) used.insert(dir);
    }
  }
  std::vector<const Kustomization*> roots;
  for (const Kustomization& k : all) {
    if (!k.component && !used.count(k.directory)) roots.push_back(&k);
  }
  return roots;
}

std::vector<const Kustomization*> KustomizeClosure(
    const Kustomization& root, const std::vector<Kustomization>& all) {
  std::map<std::string, const Kustomization*> by_directory;
  for (const Kustomization& k : all) by_directory.emplace(k.directory, &k);
  std::vector<const Kustomization*> closure;
  std::set<std::string> seen;
  std::vector<const Kustomization*> pending = {&root};
  while (!pending.empty()) {
    const Kustomization* k = pending.back();
    pending.pop_back();
    if (!seen.insert(k->directory).second) continue;
    closure.push_back(k);
    for (const std::string& dir : k->uses) {
      if (auto it = by_directory.find(dir); it != by_directory.end())
        pending.push_back(it->second);
    }
  }
  return closure;
}

void ResourceIndex::AddFile(const std::string& display,
                            std::string_view content) {
  std::vector<Diagnostic> ignored;  // kustomize reports a broken file
  for (const YamlDocument& doc :
       ParseYamlDocuments(display, content, &ignored)) {
    if (!doc.root.IsMap()) continue;
    auto identity = Identity(doc.root);
    if (identity.first.empty() || identity.second.empty()) continue;
    // Where the extractor places the resource: its first key, past comments.
    entries_.emplace(identity, YamlView(display, doc.first_line).At(doc.root));
  }
}

Location ResourceIndex::Find(const std::string& kind,
                             const std::string& name) const {
  auto [begin, end] = entries_.equal_range({kind, name});
  if (begin != end) return std::next(begin) == end ? begin->second : Location{};
  Location best;
  size_t best_length = 0;
  bool ambiguous = false;
  for (const auto& [identity, location] : entries_) {
    if (identity.first != kind ||
        name.find(identity.second) == std::string::npos)
      continue;
    if (identity.second.size() > best_length) {
      best = location;
      best_length = identity.second.size();
      ambiguous = false;
    } else if (identity.second.size() == best_length && location != best) {
      ambiguous = true;
    }
  }
  return ambiguous ? Location{} : best;
}

std::vector<std::string> KustomizeCommand(const std::string& program,
                                          const std::string& directory) {
  if (BaseName(program) == "kustomize") return {program, "build", directory};
  return {program, "kustomize", directory};
}

std::vector<DiscoveredFile> KustomizeOutputFiles(const Kustomization& root,
                                                 std::string_view output,
                                                 const ResourceIndex& index) {
  std::map<Location, std::string> by_definition;
  std::vector<Location> order;
  for (const RenderedDocument& doc : SplitRenderedDocuments(output)) {
    std::vector<Diagnostic> ignored;  // extraction parses it again
    std::vector<YamlDocument> parsed =
        ParseYamlDocuments(root.file_display, doc.text, &ignored);
    Location at;
    if (!parsed.empty() && parsed[0].root.IsMap()) {
      auto [kind, name] = Identity(parsed[0].root);
      at = index.Find(kind, name);
    }
    if (!at.known()) at = {root.file_display, 0};
    auto [it, added] = by_definition.try_emplace(at);
    if (added) order.push_back(at);
    it->second += "---\n" + doc.text;
  }
  std::vector<DiscoveredFile> files;
  for (const Location& at : order) {
    std::string& content = by_definition[at];
    DiscoveredFile file;
    file.path = root.file_path;
    file.display = at.file;
    file.language = "yaml";
    file.size = content.size();
    file.content = std::make_shared<const std::string>(std::move(content));
    file.pinned_line = at.line;
    files.push_back(std::move(file));
  }
  return files;
}

}  // namespace ampcheck
