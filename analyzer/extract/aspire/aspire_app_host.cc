#include "analyzer/extract/aspire/aspire_app_host.h"

#include <algorithm>
#include <map>
#include <set>

#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/extract/source/test_paths.h"

namespace ampcheck {
namespace {

// Resource kinds that run application code: a service each.
bool RunsCode(const std::string& method) {
  static const std::set<std::string> methods = {
      "AddProject",    "AddContainer",  "AddDockerfile",    "AddNpmApp",
      "AddNodeApp",    "AddViteApp",    "AddJavaScriptApp", "AddPythonApp",
      "AddUvicornApp", "AddExecutable", "AddGolangApp"};
  return methods.count(method) > 0;
}

// Env names whose value Aspire fills with an endpoint URL and the code reads
// as a base address ("Identity__Url", "IdentityUrl").
bool NamesAnAddress(const std::string& key) {
  static const RE2 kAddress(R"((?i)(url|uri|host|endpoint|address)$)");
  return RE2::PartialMatch(key, kAddress);
}

// Line comments blanked (same length, lines kept), so offsets stay lines.
std::string WithoutComments(std::string_view content) {
  std::string out(content);
  bool in_string = false;
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '"' && (i == 0 || out[i - 1] != '\\')) in_string = !in_string;
    if (out[i] == '\n') in_string = false;
    if (!in_string && out[i] == '/' && i + 1 < out.size() &&
        out[i + 1] == '/') {
      while (i < out.size() && out[i] != '\n') out[i++] = ' ';
    }
  }
  return out;
}

class AppHostReader {
 public:
  AppHostReader(const std::string& path, const std::string& text,
                FileFacts* facts)
      : path_(path), text_(text), facts_(facts) {}

  void Read() {
    size_t start = 0;
    while (start < text_.size()) {
      size_t end = text_.find(';', start);
      if (end == std::string::npos) end = text_.size();
      Statement(start, end);
      start = end + 1;
    }
    for (WorkloadFact& w : workloads_)
      facts_->workloads.push_back(std::move(w));
  }

 private:
  int LineAt(size_t offset) const {
    return 1 + static_cast<int>(
                   std::count(text_.begin(), text_.begin() + offset, '\n'));
  }

  void Statement(size_t start, size_t end) {
    static const RE2 kAdd(
        R"re(^\s*(?:var\s+(\w+)\s*=\s*)?(\w+)\s*\.\s*(Add\w+)\s*(?:<\s*([\w.]+)\s*>)?\s*\(\s*"([^"]+)")re");
    static const RE2 kEndpoint(
        R"(^\s*var\s+(\w+)\s*=\s*(\w+)\s*\.\s*GetEndpoint\s*\()");
    static const RE2 kOnVar(R"(^\s*(\w+)\s*\.)");
    std::string statement = text_.substr(start, end - start);
    int caller = -1;
    if (auto m = RegexSearch(kEndpoint, statement)) {
      endpoint_of_var_[(*m)[1]] = (*m)[2];
      return;
    }
    if (auto m = RegexSearch(kAdd, statement)) {
      std::string var = (*m)[1], method = (*m)[3], type = (*m)[4],
                  name = (*m)[5];
      if (!RunsCode(method)) return;
      WorkloadFact w;
      w.kind = kAspireResourceKind;
      w.name = name;
      w.location = {path_, LineAt(start + statement.find(method))};
      // Projects.Basket_API is the project Basket.API (attribution by its
      // .csproj name).
      if (StartsWith(type, "Projects.")) {
        std::string project = type.substr(9);
        for (char& c : project)
          if (c == '_') c = '.';
        w.images.push_back(project);
      }
      workloads_.push_back(std::move(w));
      caller = static_cast<int>(workloads_.size()) - 1;
      if (!var.empty()) workload_of_var_[var] = caller;
    } else if (auto v = RegexSearch(kOnVar, statement)) {
      auto it = workload_of_var_.find((*v)[1]);
      if (it == workload_of_var_.end()) return;
      caller = it->second;
    } else {
      return;
    }
    References(start, statement, caller);
  }

  void References(size_t start, const std::string& statement, int caller) {
    static const RE2 kReference(R"(\.\s*WithReference\s*\(\s*(\w+))");
    static const RE2 kEnvironment(
        R"re(\.\s*WithEnvironment\s*\(\s*"([^"]+)"\s*,\s*(\w+)(\s*\.\s*GetEndpoint)?)re");
    WorkloadFact& w = workloads_[caller];
    for (const RegexMatch& it : RegexFindAll(kReference, statement)) {
      std::string var = it.groups[1];
      auto target = workload_of_var_.find(var);
      if (target == workload_of_var_.end()) continue;  // a backing resource
      const std::string& name = workloads_[target->second].name;
      EnvVarFact e;
      e.name = "services__" + name + "__http__0";
      e.value = "http://" + name;
      e.location = {path_, LineAt(start + it.position)};
      w.env.push_back(std::move(e));
    }
    for (const RegexMatch& it : RegexFindAll(kEnvironment, statement)) {
      std::string key = it.groups[1], var = it.groups[2];
      if (!NamesAnAddress(key)) continue;
      std::string resource;
      if (!it.groups[3].empty()) {
        resource = var;
      } else if (auto e = endpoint_of_var_.find(var);
                 e != endpoint_of_var_.end()) {
        resource = e->second;
      }
      auto target = workload_of_var_.find(resource);
      if (target == workload_of_var_.end()) continue;
      EnvVarFact e;
      e.name = key;
      e.value = "http://" + workloads_[target->second].name;
      e.location = {path_, LineAt(start + it.position)};
      w.env.push_back(std::move(e));
    }
  }

  const std::string& path_;
  const std::string& text_;
  FileFacts* facts_;
  std::vector<WorkloadFact> workloads_;
  std::map<std::string, int> workload_of_var_;
  std::map<std::string, std::string> endpoint_of_var_;  // var -> resource var
};

}  // namespace

void ExtractAspireAppHost(const std::string& path, std::string_view content,
                          FileFacts* facts) {
  std::string text = WithoutComments(content);
  AppHostReader(path, text, facts).Read();
}

bool AspireAppHostExtractor::Accepts(const SourceFile& file) const {
  return file.language == "csharp" && !IsTestPath(file.path) &&
         file.content.find("DistributedApplication.CreateBuilder") !=
             std::string_view::npos;
}

void AspireAppHostExtractor::Extract(const SourceFile& file,
                                     FileFacts* facts) const {
  if (!Accepts(file)) return;
  ExtractAspireAppHost(file.path, file.content, facts);
}

}  // namespace ampcheck
