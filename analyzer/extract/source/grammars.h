// The tree-sitter grammars compiled into ampcheck (grammars/grammars.cmake).
#ifndef AMPCHECK_EXTRACT_SOURCE_GRAMMARS_H_
#define AMPCHECK_EXTRACT_SOURCE_GRAMMARS_H_

#include <string>
#include <vector>

struct TSLanguage;

namespace ampcheck {

// The grammar for a rule language: "go", "java", "kotlin", "python",
// "javascript", "typescript", "tsx", "csharp". Null when unknown or when
// ampcheck was built without grammars.
const TSLanguage* GrammarFor(const std::string& language);

// Every grammar name GrammarFor knows.
std::vector<std::string> GrammarNames();

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_GRAMMARS_H_
