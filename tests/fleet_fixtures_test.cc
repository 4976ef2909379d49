// Fleet fixtures: every directory under fixtures/fleets is scanned end to end
// (discover -> report) and checked against the expectations written next to
// the lines that trigger them:
//   # ruleid: <check>         the next line carries a finding of <check>
//                             (several: "ruleid: a, b"; two of one check:
//                             "ruleid: a, a"; a reason may follow in
//                             parentheses: "ok: a (why)"); text in double
//                             quotes must be in its message: ruleid: a "4
//                             tries"
//   # ok: <check>             the next line must not carry one (near miss)
//   # todoruleid: <check>     a known gap: expected, not yet found
//   # todook: <check>         a known false positive: found, not wanted
//   # diagnostic: <text>      the next line has an input diagnostic containing
//   <text> # tries: <service> = <N>  the worst path to <service> has N tries #
//   bounded: <service> = <B> ... and a bounded product of B
// Findings nobody expected are "noisy"; expectations nobody met are "missing".
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "analyzer/analyze/causes.h"
#include "analyzer/analyze/check.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/base/strings.h"
#include "analyzer/cli/scan.h"
#include "analyzer/report/json_report.h"

namespace ampcheck {
namespace {

namespace fs = std::filesystem;

using Key = std::tuple<std::string, int, std::string>;

struct Expectations {
  std::map<Key, int> ruleid;  // how many findings of the check on the line
  std::map<Key, std::vector<std::string>> messages;  // quoted texts
  std::set<Key> ok, todo, todo_ok;
  std::vector<std::tuple<std::string, int, std::string>> diagnostics;
  std::map<std::string, std::string> tries, bounded;  // service -> value
};

bool ParseDirective(const std::string& line, std::string* directive,
                    std::string* argument) {
  std::string text = Trim(line);
  if (!StartsWith(text, "#") && !StartsWith(text, "//")) return false;
  text = Trim(text.substr(text[0] == '#' ? 1 : 2));
  size_t colon = text.find(':');
  if (colon == std::string::npos) return false;
  *directive = text.substr(0, colon);
  *argument = Trim(text.substr(colon + 1));
  static const std::set<std::string> known = {
      "ruleid", "ok", "todoruleid", "todook", "diagnostic", "tries", "bounded"};
  return known.count(*directive) > 0;
}

// The check ids of a directive's argument: "a, b (why)" gives a and b. Rule
// fixtures share the syntax ("ruleid: go-retryablehttp tries=5"); here only
// check ids count.
std::vector<std::string> CheckIds(std::string argument) {
  if (size_t quote = argument.find('"'); quote != std::string::npos)
    argument = argument.substr(0, quote);
  if (size_t why = argument.find(" ("); why != std::string::npos)
    argument = argument.substr(0, why);
  std::vector<std::string> ids;
  for (const std::string& part : Split(argument, ',')) {
    std::string id = Trim(part);
    id = id.substr(0, id.find(' '));
    if (IsCheckId(id)) ids.push_back(id);
  }
  return ids;
}

Expectations ReadExpectations(const fs::path& root) {
  Expectations out;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    std::string relative = fs::relative(entry.path(), root).string();
    std::ifstream in(entry.path());
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::vector<std::pair<std::string, std::string>> pending;
    for (size_t i = 0; i < lines.size(); ++i) {
      std::string directive, argument;
      if (ParseDirective(lines[i], &directive, &argument)) {
        if (directive == "tries" || directive == "bounded") {
          auto parts = Split(argument, '=');
          if (parts.size() == 2) {
            (directive == "tries" ? out.tries : out.bounded)[Trim(parts[0])] =
                Trim(parts[1]);
          }
        } else {
          pending.emplace_back(directive, argument);
        }
        continue;
      }
      int line_number = static_cast<int>(i) + 1;
      for (const auto& [d, arg] : pending) {
        if (d == "diagnostic") {
          out.diagnostics.push_back({relative, line_number, arg});
          continue;
        }
        std::vector<std::string> ids = CheckIds(arg);
        for (const std::string& id : ids) {
          auto key = std::make_tuple(relative, line_number, id);
          if (d == "ruleid") ++out.ruleid[key];
          if (d == "ok") out.ok.insert(key);
          if (d == "todoruleid") out.todo.insert(key);
          if (d == "todook") out.todo_ok.insert(key);
        }
        // Quoted texts belong to the directive's first check.
        if (d == "ruleid" && !ids.empty()) {
          for (size_t open = arg.find('"'); open != std::string::npos;) {
            size_t close = arg.find('"', open + 1);
            if (close == std::string::npos) break;
            out.messages[{relative, line_number, ids.front()}].push_back(
                arg.substr(open + 1, close - open - 1));
            open = arg.find('"', close + 1);
          }
        }
      }
      pending.clear();
    }
  }
  return out;
}

std::string ScalarText(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

// Renders with the pinned helm and kubectl of tests/render/setup.sh only,
// whatever else the machine has on PATH, so a fixture's charts and
// kustomizations give the same facts everywhere.
class PinnedRenderers : public SystemProcessRunner {
 public:
  std::string FindProgram(const std::string& name) const override {
    if (name.find('/') != std::string::npos)
      return SystemProcessRunner::FindProgram(name);
    return SystemProcessRunner::FindProgram(std::string(AMPCHECK_SOURCE_DIR) +
                                            "/tests/render/bin/" + name);
  }
};

void CheckFleet(const fs::path& root) {
  Expectations expected = ReadExpectations(root);
  REQUIRE_MESSAGE(
      fs::exists(fs::path(AMPCHECK_SOURCE_DIR) / "tests/render/bin/kubectl"),
      "tests/render/bin lacks kubectl: run tests/render/setup.sh");
  PinnedRenderers renderers;
  ScanOptions options;
  options.inputs = {root.string()};
  options.working_directory = options.inputs[0];
  options.jobs = 2;
  options.renderer = &renderers;
  DiskFileSystem disk;
  ScanResult result = RunScan(disk, options);
  std::vector<std::string> problems;

  std::map<Key, int> found;
  std::map<Key, std::vector<std::string>> found_messages;
  // A cause counts as a finding at each call or path it lists, and a
  // folded check as a finding of its own on the same line.
  const AnalysisContext context(result.model, result.analysis.graph);
  for (const Finding& f : result.analysis.findings) {
    std::vector<Affected> members = f.affected;
    if (members.empty()) members.push_back(AffectedBy(f));
    for (const Affected& lazy : members) {
      const AffectedText a = context.Spelled(lazy);
      Key key{lazy.location.file, lazy.location.line, f.check};
      ++found[key];
      found_messages[key].push_back(a.message);
      for (const std::string& folded : a.folded_checks) {
        Key also{lazy.location.file, lazy.location.line, folded};
        ++found[also];
        found_messages[also].push_back(a.message);
      }
    }
  }
  auto where = [](const Key& key) {
    return std::get<0>(key) + ":" + std::to_string(std::get<1>(key)) + " " +
           std::get<2>(key);
  };
  for (const auto& [key, count] : found) {
    auto wanted = expected.ruleid.find(key);
    int expected_count = wanted == expected.ruleid.end() ? 0 : wanted->second;
    if (expected.todo.count(key)) {
      problems.push_back("fixed (drop todoruleid): " + where(key));
    } else if (expected.todo_ok.count(key)) {
      continue;
    } else if (expected.ok.count(key)) {
      problems.push_back("false positive (the line says ok): " + where(key) +
                         ": " + found_messages[key].front());
    } else if (expected_count == 0) {
      problems.push_back("noisy: " + where(key) + ": " +
                         found_messages[key].front());
    } else if (count > expected_count) {
      problems.push_back("noisy: " + std::to_string(count) + " findings at " +
                         where(key) + ", expected " +
                         std::to_string(expected_count));
    }
  }
  for (const auto& [key, count] : expected.ruleid) {
    auto it = found.find(key);
    int found_count = it == found.end() ? 0 : it->second;
    if (found_count < count) {
      problems.push_back("missing: " + where(key) +
                         (count > 1
                              ? " (" + std::to_string(count - found_count) +
                                    " of " + std::to_string(count) + ")"
                              : ""));
    }
  }
  for (const Key& key : expected.todo_ok) {
    if (!found.count(key))
      problems.push_back("fixed (drop todook): " + where(key));
  }
  for (const auto& [key, texts] : expected.messages) {
    for (const std::string& text : texts) {
      bool met = false;
      for (const std::string& message : found_messages[key])
        met = met || message.find(text) != std::string::npos;
      if (!met && found.count(key)) {
        problems.push_back("wrong message at " + where(key) + ": \"" + text +
                           "\" is not in \"" + found_messages[key].front() +
                           "\"");
      }
    }
  }
  std::set<std::pair<std::string, int>> diagnosed;
  for (const auto& [file, line, text] : expected.diagnostics) {
    bool met = false;
    for (const Diagnostic& d : result.model.diagnostics) {
      if (d.location.file == file && d.location.line == line &&
          d.message.find(text) != std::string::npos) {
        met = true;
        diagnosed.insert({file, line});
      }
    }
    if (!met) {
      problems.push_back("missing diagnostic: " + file + ":" +
                         std::to_string(line) + " " + text);
    }
  }
  for (const Diagnostic& d : result.model.diagnostics) {
    if (d.severity != Severity::kNote &&
        !diagnosed.count({d.location.file, d.location.line})) {
      problems.push_back("noisy diagnostic: " + d.location.ToString() + " " +
                         d.message);
    }
  }
  nlohmann::json report = ReportJson(result.model, result.analysis);
  // The report is written as it is made; the text must be the tree's.
  std::ostringstream streamed;
  WriteReportJson(streamed, result.model, result.analysis);
  if (streamed.str() != DumpJson(report, 2))
    problems.push_back("the JSON report written as made differs from its tree");
  std::map<std::string, const nlohmann::json*> paths;
  for (const auto& path : report["paths"])
    paths[path["services"].back()] = &path;
  for (const auto& [service, tries] : expected.tries) {
    auto it = paths.find(service);
    std::string actual =
        it == paths.end() ? "no path" : ScalarText((*it->second)["tries"]);
    if (actual != tries)
      problems.push_back("wrong tries at " + service + ": " + actual +
                         ", expected " + tries);
  }
  for (const auto& [service, bounded] : expected.bounded) {
    auto it = paths.find(service);
    std::string actual = it == paths.end()
                             ? "no path"
                             : ScalarText((*it->second)["bounded_tries"]);
    if (actual != bounded) {
      problems.push_back("wrong bounded tries at " + service + ": " + actual +
                         ", expected " + bounded);
    }
  }
  INFO("fleet " << root.filename().string());
  CHECK_MESSAGE(problems.empty(), Join(problems, "\n"));
  CHECK_MESSAGE(!(expected.ruleid.empty() && expected.tries.empty()),
                "fleet has no expectations");
}

TEST_CASE("fleet fixtures meet the expectations written next to their lines") {
  fs::path fleets = fs::path(AMPCHECK_SOURCE_DIR) / "fixtures" / "fleets";
  std::vector<fs::path> roots;
  for (const auto& entry : fs::directory_iterator(fleets)) {
    if (entry.is_directory()) roots.push_back(entry.path());
  }
  std::sort(roots.begin(), roots.end());
  REQUIRE(roots.size() >= 1);
  for (const fs::path& root : roots) CheckFleet(root);
}

}  // namespace
}  // namespace ampcheck
