#include "analyzer/extract/source/grammars.h"

#include <tree_sitter/api.h>

#ifdef AMPCHECK_HAVE_GRAMMARS
extern "C" {
const TSLanguage* tree_sitter_go();
const TSLanguage* tree_sitter_java();
const TSLanguage* tree_sitter_kotlin();
const TSLanguage* tree_sitter_python();
const TSLanguage* tree_sitter_javascript();
const TSLanguage* tree_sitter_typescript();
const TSLanguage* tree_sitter_tsx();
const TSLanguage* tree_sitter_c_sharp();
}
#endif

namespace ampcheck {

const TSLanguage* GrammarFor(const std::string& language) {
#ifdef AMPCHECK_HAVE_GRAMMARS
  if (language == "go") return tree_sitter_go();
  if (language == "java") return tree_sitter_java();
  if (language == "kotlin") return tree_sitter_kotlin();
  if (language == "python") return tree_sitter_python();
  if (language == "javascript") return tree_sitter_javascript();
  if (language == "typescript") return tree_sitter_typescript();
  if (language == "tsx") return tree_sitter_tsx();
  if (language == "csharp") return tree_sitter_c_sharp();
#else
  (void)language;
#endif
  return nullptr;
}

std::vector<std::string> GrammarNames() {
  return {"go",         "java",       "kotlin", "python",
          "javascript", "typescript", "tsx",    "csharp"};
}

}  // namespace ampcheck
