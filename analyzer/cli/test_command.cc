// ampcheck test RULES_DIR [FIXTURES_DIR]: a user's extraction rules against
// their fixtures, annotated as the shipped rules' are (`ruleid:`, `ok:`,
// `todoruleid:`), with the runner the project's own rule test uses. Exits 1
// on a false positive, a false negative or a broken rule.
#include <iostream>
#include <memory>

#include "analyzer/cli/commands.h"
#include "analyzer/extract/source/rule_fixtures.h"
#include "analyzer/extract/source/rule_loader.h"

namespace ampcheck {
namespace {

struct TestFlags {
  std::string rules;
  std::string fixtures;  // "" = the rules directory itself
};

std::string Plural(size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

int RunTestCommand(const TestFlags& flags) {
  DiskFileSystem fs;
  if (fs.Stat(flags.rules).type != FileStatus::Type::kDirectory) {
    std::cerr << "ampcheck: " << flags.rules << " is not a directory\n";
    return kExitUsage;
  }
  std::string fixtures = flags.fixtures.empty() ? flags.rules : flags.fixtures;
  if (fs.Stat(fixtures).type != FileStatus::Type::kDirectory) {
    std::cerr << "ampcheck: " << fixtures << " is not a directory\n";
    return kExitUsage;
  }
  std::vector<Diagnostic> diagnostics;
  std::vector<Rule> rules = LoadRules({flags.rules}, &diagnostics);
  for (const Diagnostic& d : diagnostics) {
    std::cout << d.location.ToString() << ": " << SeverityName(d.severity)
              << ": " << d.message << "\n";
  }
  if (rules.empty()) {
    std::cerr << "ampcheck: no valid rule in " << flags.rules
              << " (*.yaml, docs/rules.md)\n";
    return kExitUsage;
  }
  RuleFixtureResult result = RunRuleFixtures(fs, rules, {fixtures}, "");
  for (const std::string& problem : result.problems)
    std::cout << problem << "\n";
  for (const std::string& gap : result.known_gaps)
    std::cout << "known gap (todoruleid): " << gap << "\n";
  size_t failures = result.problems.size() + diagnostics.size();
  std::cout << Plural(rules.size(), "rule") << ", "
            << Plural(result.fixtures, "fixture") << ", "
            << Plural(result.checked, "expectation") << " checked: "
            << (failures == 0 ? "all pass" : Plural(failures, "problem"))
            << "\n";
  return failures == 0 ? kExitClean : kExitFindings;
}

}  // namespace

void AddTestCommand(CLI::App* app, Command* run) {
  auto flags = std::make_shared<TestFlags>();
  CLI::App* test = app->add_subcommand(
      "test",
      "Run extraction rules against fixtures annotated with ruleid:, ok: and "
      "todoruleid: comments; name false positives and false negatives");
  test->add_option("rules", flags->rules, "Directory of rule files (*.yaml)")
      ->required();
  test->add_option("fixtures", flags->fixtures,
                   "Directory of fixtures <rule-id>.<ext>, directly or in "
                   "<language>/ (default: the rules directory)");
  test->callback(
      [flags, run] { *run = [flags] { return RunTestCommand(*flags); }; });
}

}  // namespace ampcheck
