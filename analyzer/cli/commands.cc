#include "analyzer/cli/commands.h"

#include <iostream>

namespace ampcheck {

int RunCommandLine(int argc, char** argv) {
  CLI::App app{
      "ampcheck: finds retry amplification across service-mesh config and "
      "application "
      "code, with the arithmetic for every path."};
  app.set_version_flag("--version",
                       std::string("ampcheck ") + AMPCHECK_VERSION);
  app.require_subcommand(1);
  Command run;
  AddScanCommand(&app, &run);
  AddDiffCommand(&app, &run);
  AddBaselineCommand(&app, &run);
  AddAuditCommand(&app, &run);
  AddExtractCommand(&app, &run);
  AddAnalyzeCommand(&app, &run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitClean : kExitUsage;
  }
  return run ? run() : kExitUsage;
}

}  // namespace ampcheck
