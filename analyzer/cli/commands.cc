#include "analyzer/cli/commands.h"

#include <iostream>

#include "analyzer/cli/command_suggestion.h"
#include "analyzer/extract/rules_directory.h"
#include "analyzer/extract/rules_version.h"

namespace ampcheck {
namespace {

// The version and the rules it extracts with: rules change what is found as
// much as the code does.
std::string VersionText() {
  std::string text = std::string("ampcheck ") + AMPCHECK_VERSION + "\nrules: ";
  const std::string& dir = ShippedRulesDirectory();
  if (dir.empty()) return text + "not found (" + MissingRulesMessage() + ")";
  DiskFileSystem fs;
  return text + dir + " (" +
         DescribeRulesVersion(ComputeRulesVersion(fs, dir)) + ")";
}

// Every CLI11 error as the program's own: "ampcheck: <what>", and where the
// help of the command being parsed is.
void PrintParseError(const CLI::App& app, const CLI::Error& e) {
  std::string command;
  for (const CLI::App* sub : app.get_subcommands()) command = sub->get_name();
  std::cerr << "ampcheck: " << e.what() << "\nRun 'ampcheck help"
            << (command.empty() ? "" : " " + command)
            << "' for more information.\n";
}

std::vector<std::string> CommandNames(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    names.push_back(sub->get_name());
  }
  return names;
}

// The first argument names a command or is an option; anything else is a
// mistyped command, told as such before CLI11 calls it an extra argument.
bool UnknownCommand(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return false;
  std::string typed = argv[1];
  std::vector<std::string> names = CommandNames(app);
  for (const std::string& name : names)
    if (name == typed) return false;
  std::string closest = ClosestName(typed, names);
  std::cerr << "ampcheck: unknown command '" << typed << "'";
  if (!closest.empty()) std::cerr << ", did you mean '" << closest << "'?";
  std::cerr << "\nRun 'ampcheck help' for the commands.\n";
  return true;
}

void AddHelpCommand(CLI::App* app, Command* run) {
  auto topic = std::make_shared<std::string>();
  CLI::App* help = app->add_subcommand(
      "help", "Show the commands, or one command's options");
  help->add_option("command", *topic, "Command to describe");
  help->callback([app, topic, run] {
    *run = [app, topic] {
      // App::help() describes the selected subcommand (help itself): the
      // formatter describes the app asked for.
      if (topic->empty()) {
        std::cout << app->get_formatter()->make_help(
            app, app->get_name(), CLI::AppFormatMode::Normal);
        return kExitClean;
      }
      for (const CLI::App* sub : app->get_subcommands({})) {
        if (sub->get_name() == *topic) {
          std::cout << sub->help(app->get_name());
          return kExitClean;
        }
      }
      std::string closest = ClosestName(*topic, CommandNames(*app));
      std::cerr << "ampcheck: unknown command '" << *topic << "'"
                << (closest.empty() ? "" : ", did you mean '" + closest + "'?")
                << "\n";
      return kExitUsage;
    };
  });
}

}  // namespace

int RunCommandLine(int argc, char** argv) {
  CLI::App app{
      "ampcheck: finds retry amplification across service-mesh config and "
      "application "
      "code, with the arithmetic for every path."};
  app.name("ampcheck");
  app.set_version_flag("--version", VersionText);
  app.require_subcommand(1);
  Command run;
  AddScanCommand(&app, &run);
  AddDiffCommand(&app, &run);
  AddBaselineCommand(&app, &run);
  AddAuditCommand(&app, &run);
  AddExtractCommand(&app, &run);
  AddAnalyzeCommand(&app, &run);
  AddChecksCommand(&app, &run);
  AddExplainCommand(&app, &run);
  AddTestCommand(&app, &run);
  AddHelpCommand(&app, &run);
  if (UnknownCommand(app, argc, argv)) return kExitUsage;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are "errors" that succeed.
    if (e.get_exit_code() == 0)
      return app.exit(e) == 0 ? kExitClean : kExitUsage;
    PrintParseError(app, e);
    return kExitUsage;
  }
  return run ? run() : kExitUsage;
}

}  // namespace ampcheck
