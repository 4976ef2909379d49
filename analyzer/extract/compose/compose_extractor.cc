#include "analyzer/extract/compose/compose_extractor.h"

#include "analyzer/base/paths.h"
#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/kubernetes/yaml_documents.h"

namespace ampcheck {
namespace {

yaml::Node Get(const yaml::Node& node, const std::string& key) {
  if (!node.IsDefined() || !node.IsMap())
    return yaml::Node(yaml::NodeType::Undefined);
  const yaml::Node& const_node = node;
  yaml::Node child = const_node[key];
  if (!child.IsDefined()) return yaml::Node(yaml::NodeType::Undefined);
  return child;
}

// Compose interpolation with a default: "${CART_HOST:-cart}" and
// "${CART_HOST-cart}" read as their default, since the shell that runs
// compose is not an input. "${X}" without a default stays as written.
std::string WithDefaults(const std::string& value) {
  static const RE2 kDefault(R"(\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}]*)\})");
  if (value.find("${") == std::string::npos) return value;
  std::string out = value;
  RE2::GlobalReplace(&out, kDefault, "\\1");
  return out;
}

void ReadEnvironment(const yaml::Node& environment, const YamlView& view,
                     WorkloadFact* w, std::vector<Diagnostic>* diagnostics) {
  if (environment.IsMap()) {
    for (auto it = environment.begin(); it != environment.end(); ++it) {
      auto name = YamlView::Scalar(it->first);
      if (!name) continue;
      EnvVarFact e;
      e.name = *name;
      // "KEY:" with no value passes the variable through from the shell.
      if (it->second.IsScalar()) e.value = WithDefaults(it->second.Scalar());
      e.location = view.At(it->second.IsNull() ? it->first : it->second);
      w->env.push_back(std::move(e));
    }
  } else if (environment.IsSequence()) {
    for (const yaml::Node& item : environment) {
      auto text = YamlView::Scalar(item);
      if (!text) continue;
      EnvVarFact e;
      size_t eq = text->find('=');
      e.name = Trim(text->substr(0, eq));
      if (eq != std::string::npos) e.value = WithDefaults(text->substr(eq + 1));
      e.location = view.At(item);
      w->env.push_back(std::move(e));
    }
  } else if (environment.IsDefined() && !environment.IsNull()) {
    diagnostics->push_back(
        {view.At(environment),
         "service " + w->name +
             ": environment is neither a map nor a list; ignored",
         Severity::kWarning});
  }
}

std::optional<WorkloadFact> ReadService(const std::string& name,
                                        const yaml::Node& spec,
                                        const yaml::Node& key,
                                        const YamlView& view,
                                        std::vector<Diagnostic>* diagnostics) {
  if (!spec.IsMap()) return std::nullopt;
  WorkloadFact w;
  w.kind = kComposeServiceKind;
  w.name = name;
  w.location = view.At(key);
  if (auto image = YamlView::Scalar(Get(spec, "image"))) {
    w.images.push_back(*image);
  }
  // The build directory names the source tree (attribution by its name).
  yaml::Node build = Get(spec, "build");
  std::optional<std::string> context = YamlView::Scalar(build);
  if (!context) context = YamlView::Scalar(Get(build, "context"));
  if (context && !context->empty() && *context != ".") {
    std::string dir = *context;
    while (!dir.empty() && dir.back() == '/') dir.pop_back();
    w.images.push_back(BaseName(dir));
  }
  ReadEnvironment(Get(spec, "environment"), view, &w, diagnostics);
  if (yaml::Node env_file = Get(spec, "env_file"); env_file.IsDefined()) {
    diagnostics->push_back(
        {view.At(env_file),
         "service " + name +
             ": env_file is not read; its variables are not in the service's "
             "env (write them under environment: to have them analyzed)",
         Severity::kNote});
  }
  return w;
}

}  // namespace

bool IsComposeFile(const std::string& path) {
  static const RE2 kCompose(
      R"(^(docker-)?compose([-.][A-Za-z0-9_.-]+)?\.ya?ml$)");
  std::string name = ToLower(BaseName(path));
  if (name.find("compose") == std::string::npos) return false;
  return RE2::PartialMatch(name, kCompose);
}

bool ComposeExtractor::Accepts(const SourceFile& file) const {
  return file.language == "yaml" && IsComposeFile(file.path);
}

void ComposeExtractor::Extract(const SourceFile& file, FileFacts* facts) const {
  if (!Accepts(file)) return;
  facts->kind = "docker-compose";
  for (const YamlDocument& doc :
       ParseYamlDocuments(file.path, file.content, &facts->diagnostics)) {
    YamlView view(file.path, doc.first_line);
    yaml::Node services = Get(doc.root, "services");
    if (!services.IsMap()) {
      ++facts->skipped_documents;
      continue;
    }
    for (auto it = services.begin(); it != services.end(); ++it) {
      auto name = YamlView::Scalar(it->first);
      if (!name) continue;
      if (auto w = ReadService(*name, it->second, it->first, view,
                               &facts->diagnostics)) {
        facts->workloads.push_back(std::move(*w));
      }
    }
  }
}

}  // namespace ampcheck
