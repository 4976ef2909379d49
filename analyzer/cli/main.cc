// ampcheck: retry amplification, multiplied along every call path.
#include "analyzer/cli/commands.h"

int main(int argc, char** argv) { return ampcheck::RunCommandLine(argc, argv); }
