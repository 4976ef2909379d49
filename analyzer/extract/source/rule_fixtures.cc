#include "analyzer/extract/source/rule_fixtures.h"

#include <fmt/format.h>

#include <optional>
#include <set>

#include "analyzer/base/paths.h"
#include "analyzer/base/regex.h"
#include "analyzer/base/strings.h"
#include "analyzer/discover/discover.h"
#include "analyzer/extract/source/rule_engine.h"

namespace ampcheck {
namespace {

// What a rule found on one line.
struct Found {
  std::string tries;
  std::string timeout;
  std::string target;
  std::string fallback;
  std::string backoff;
};

// "per-try/total" in milliseconds, "-" where unset: what a timeout= says.
std::string TimeoutText(const Layer& layer) {
  auto ms = [](const std::optional<Millis>& m) {
    return m ? std::to_string(*m) : std::string("-");
  };
  return ms(layer.per_try_timeout) + "/" + ms(layer.total_timeout);
}

// "base/cap" in milliseconds, "-" where unset: what a backoff= says.
std::string BackoffText(const Layer& layer) {
  auto ms = [](const std::optional<Millis>& m) {
    return m ? std::to_string(*m) : std::string("-");
  };
  return ms(layer.backoff.base) + "/" + ms(layer.backoff.cap);
}

std::string TargetText(const Target& target) {
  if (target.kind == TargetKind::kNone) return "";
  return std::string(TargetKindName(target.kind)) + ":" + target.value;
}

bool IsCommentLine(const std::string& line) {
  std::string text = Trim(line);
  return StartsWith(text, "//") || StartsWith(text, "#");
}

std::string Display(const std::string& path, const std::string& base) {
  if (!base.empty() && StartsWith(path, base + "/"))
    return path.substr(base.size() + 1);
  return path;
}

// The fixture files of `rule`: <rule-id>.<ext> in <dir>/<language>/ or
// <dir>/, in path order.
std::vector<std::string> FixtureFiles(const FileSystem& fs, const Rule& rule,
                                      const std::vector<std::string>& dirs) {
  std::set<std::string> files;
  for (const std::string& dir : dirs) {
    for (const std::string& where : {JoinPath(dir, rule.language), dir}) {
      std::vector<DirectoryEntry> entries;
      std::string error;
      if (!fs.ListDirectory(where, &entries, &error)) continue;
      for (const DirectoryEntry& entry : entries) {
        size_t dot = entry.name.rfind('.');
        if (dot == std::string::npos || entry.name.substr(0, dot) != rule.id ||
            EndsWith(entry.name, ".yaml"))  // the rule itself, beside it
          continue;
        std::string path = JoinPath(where, entry.name);
        if (fs.Stat(path).type == FileStatus::Type::kFile) files.insert(path);
      }
    }
  }
  return {files.begin(), files.end()};
}

void CompareFixture(const Rule& rule, const std::string& display,
                    const std::string& text, const FileFacts& facts,
                    RuleFixtureResult* out) {
  auto expected = ReadFixtureExpectations(text);
  std::map<int, Found> actual;
  for (const LayerFact& layer : facts.layers) {
    actual[layer.layer.location.line] = {
        layer.layer.tries.ToString(), TimeoutText(layer.layer),
        TargetText(layer.target), layer.target.fallback,
        BackoffText(layer.layer)};
  }
  for (const CallSiteFact& site : facts.call_sites) {
    actual[site.location.line] = {"", "", TargetText(site.target),
                                  site.target.fallback};
  }
  std::vector<std::string>& problems = out->problems;
  for (const auto& [line, list] : expected) {
    for (const FixtureExpectation& e : list) {
      if (e.rule_id != rule.id) continue;
      ++out->checked;
      auto it = actual.find(line);
      if (it == actual.end()) {
        problems.push_back(
            fmt::format("false negative: {}:{} {}", display, line, rule.id));
      } else if (!e.tries.empty() && e.tries != it->second.tries) {
        problems.push_back(
            fmt::format("wrong tries: {}:{} {} tries={} (expected {})", display,
                        line, rule.id, it->second.tries, e.tries));
      } else if (!e.timeout.empty() && e.timeout != it->second.timeout) {
        problems.push_back(
            fmt::format("wrong timeout: {}:{} {} timeout={} (expected {})",
                        display, line, rule.id, it->second.timeout, e.timeout));
      } else if (!e.backoff.empty() && e.backoff != it->second.backoff) {
        problems.push_back(
            fmt::format("wrong backoff: {}:{} {} backoff={} (expected {})",
                        display, line, rule.id, it->second.backoff, e.backoff));
      } else if (!e.target.empty() && e.target != it->second.target) {
        problems.push_back(
            fmt::format("wrong target: {}:{} {} target={} (expected {})",
                        display, line, rule.id, it->second.target, e.target));
      } else if (!e.target.empty() && e.fallback != it->second.fallback) {
        // A stated target states its default too: none when absent.
        problems.push_back(
            fmt::format("wrong fallback: {}:{} {} fallback={} (expected {})",
                        display, line, rule.id, it->second.fallback,
                        e.fallback.empty() ? "none" : e.fallback));
      }
    }
  }
  for (const auto& [line, found] : actual) {
    bool wanted = false;
    if (auto it = expected.find(line); it != expected.end()) {
      for (const FixtureExpectation& e : it->second)
        wanted = wanted || e.rule_id == rule.id;
    }
    if (!wanted)
      problems.push_back(
          fmt::format("false positive: {}:{} {}", display, line, rule.id));
  }
  if (text.find("ok: " + rule.id) == std::string::npos) {
    problems.push_back(
        fmt::format("no near-miss (// ok: {}) in {}", rule.id, display));
  }
  if (expected.empty())
    problems.push_back(fmt::format("no positive case in {}", display));
  std::vector<std::string> lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find("todoruleid: " + rule.id) != std::string::npos)
      out->known_gaps.push_back(
          fmt::format("{}:{} {}", display, i + 1, rule.id));
  }
}

}  // namespace

std::map<int, std::vector<FixtureExpectation>> ReadFixtureExpectations(
    const std::string& text) {
  static const RE2 kExpect(
      R"((//|#)(?:"\s*:\s*")?\s*ruleid:\s*([a-z0-9.-]+)(\s+tries=(\w+))?)"
      R"((\s+timeout=(\S+))?(\s+target=(\S+))?(\s+fallback=(\S+))?)"
      R"((\s+backoff=(\S+))?)");
  std::map<int, std::vector<FixtureExpectation>> out;
  std::vector<std::string> lines = Split(text, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    std::vector<RegexMatch> found = RegexFindAll(kExpect, lines[i]);
    if (found.empty() || lines[i].find("todoruleid") != std::string::npos)
      continue;
    const RegexGroups& m = found[0].groups;
    std::string before = Trim(lines[i].substr(0, found[0].position));
    size_t target = i;
    // A JSON fixture writes its comment as a key: "//": "ruleid: ...".
    if (before.empty() || before == "\"") {
      target = i + 1;
      while (target < lines.size() &&
             (Trim(lines[target]).empty() || IsCommentLine(lines[target]))) {
        ++target;
      }
    }
    out[static_cast<int>(target) + 1].push_back(
        {m[2], m[4], m[6], m[8], m[10], m[12]});
  }
  return out;
}

RuleFixtureResult RunRuleFixtures(const FileSystem& fs,
                                  const std::vector<Rule>& rules,
                                  const std::vector<std::string>& fixture_dirs,
                                  const std::string& display_base) {
  RuleFixtureResult out;
  std::vector<Diagnostic> diagnostics;
  for (const Rule& rule : rules) {
    RuleEngine engine({rule}, &diagnostics);
    std::vector<std::string> files = FixtureFiles(fs, rule, fixture_dirs);
    if (files.empty()) {
      out.problems.push_back(fmt::format("no fixture for rule {} ({})", rule.id,
                                         Display(rule.file, display_base)));
    }
    for (const std::string& path : files) {
      std::string text, error;
      std::string display = Display(path, display_base);
      if (!fs.ReadFile(path, 8ull << 20, &text, &error)) {
        out.problems.push_back(
            fmt::format("cannot read {}: {}", display, error));
        continue;
      }
      ++out.fixtures;
      SourceFile file{display, ClassifyFile(BaseName(path)), text};
      FileFacts facts;
      engine.ExtractAlways(file, &facts);
      CompareFixture(rule, display, text, facts, &out);
    }
  }
  for (const Diagnostic& d : diagnostics) {
    out.problems.push_back(fmt::format(
        "rule error: {}: {}",
        Location{Display(d.location.file, display_base), d.location.line}
            .ToString(),
        d.message));
  }
  return out;
}

}  // namespace ampcheck
