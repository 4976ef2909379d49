#include "analyzer/extract/compose/dockerfile_extractor.h"

#include <map>

#include "analyzer/base/paths.h"
#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

struct Instruction {
  std::string keyword;  // upper case
  std::string arguments;
  int line = 0;
};

// Logical instructions: comments dropped, '\' continuations joined.
std::vector<Instruction> Instructions(std::string_view content) {
  std::vector<Instruction> out;
  std::vector<std::string> lines = Split(content, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string text = Trim(lines[i]);
    if (text.empty() || text[0] == '#') continue;
    int line = static_cast<int>(i) + 1;
    while (!text.empty() && text.back() == '\\' && i + 1 < lines.size()) {
      text.pop_back();
      std::string next = Trim(lines[++i]);
      if (!next.empty() && next[0] == '#') continue;
      text += " " + next;
    }
    size_t space = text.find_first_of(" \t");
    Instruction instruction;
    for (char c : text.substr(0, space))
      instruction.keyword += static_cast<char>(std::toupper(c));
    instruction.arguments =
        space == std::string::npos ? "" : Trim(text.substr(space));
    instruction.line = line;
    out.push_back(std::move(instruction));
  }
  return out;
}

// Words of `K=V K2="v 2"`, quotes removed, backslash escapes kept literal.
std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  char quote = 0;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      if (c == '\\' && i + 1 < text.size()) c = text[++i];
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

void ParseEnv(const Instruction& env, const std::string& path,
              std::vector<EnvVarFact>* out,
              std::vector<Diagnostic>* diagnostics) {
  std::vector<std::string> words = Words(env.arguments);
  Location at{path, env.line};
  if (words.empty()) {
    diagnostics->push_back(
        {at, "ENV without a variable; ignored", Severity::kWarning});
    return;
  }
  if (words[0].find('=') == std::string::npos) {
    // Legacy form: ENV NAME the rest of the line.
    std::string rest = Trim(
        env.arguments.substr(env.arguments.find(words[0]) + words[0].size()));
    std::vector<std::string> value = Words(rest);
    if (value.empty()) {
      diagnostics->push_back({at, "ENV " + words[0] + " has no value; ignored",
                              Severity::kWarning});
      return;
    }
    out->push_back({words[0], Join(value, " "), "", "", at});
    return;
  }
  for (const std::string& word : words) {
    size_t eq = word.find('=');
    if (eq == std::string::npos || eq == 0) {
      diagnostics->push_back({at,
                              "ENV '" + word + "' is not NAME=value; ignored",
                              Severity::kWarning});
      continue;
    }
    out->push_back({word.substr(0, eq), word.substr(eq + 1), "", "", at});
  }
}

}  // namespace

std::vector<EnvVarFact> ParseDockerfileEnv(
    const std::string& path, std::string_view content,
    std::vector<Diagnostic>* diagnostics) {
  // Env per stage; a stage built FROM an earlier stage starts with its env.
  std::map<std::string, std::vector<EnvVarFact>> by_stage_name;
  std::vector<EnvVarFact> current;
  std::string current_name;
  auto close_stage = [&] {
    if (!current_name.empty()) by_stage_name[ToLower(current_name)] = current;
  };
  for (const Instruction& instruction : Instructions(content)) {
    if (instruction.keyword == "FROM") {
      close_stage();
      std::vector<std::string> words = Words(instruction.arguments);
      std::string base;
      current_name.clear();
      for (size_t i = 0; i < words.size(); ++i) {
        if (StartsWith(words[i], "--")) continue;
        if (base.empty()) {
          base = words[i];
        } else if (ToLower(words[i]) == "as" && i + 1 < words.size()) {
          current_name = words[i + 1];
        }
      }
      auto parent = by_stage_name.find(ToLower(base));
      current = parent == by_stage_name.end() ? std::vector<EnvVarFact>{}
                                              : parent->second;
    } else if (instruction.keyword == "ENV") {
      ParseEnv(instruction, path, &current, diagnostics);
    }
  }
  // A later ENV of the same name replaces the earlier one.
  std::vector<EnvVarFact> out;
  for (auto it = current.rbegin(); it != current.rend(); ++it) {
    bool seen = false;
    for (const EnvVarFact& e : out) seen = seen || e.name == it->name;
    if (!seen) out.insert(out.begin(), *it);
  }
  return out;
}

bool DockerfileExtractor::Accepts(const SourceFile& file) const {
  return BaseName(file.path) == "Dockerfile";
}

void DockerfileExtractor::Extract(const SourceFile& file,
                                  FileFacts* facts) const {
  if (!Accepts(file)) return;
  facts->image_env =
      ParseDockerfileEnv(file.path, file.content, &facts->diagnostics);
}

}  // namespace ampcheck
