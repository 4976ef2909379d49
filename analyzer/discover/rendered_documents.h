// Splits a renderer's output (a multi-document YAML stream) into documents
// with their line numbers, without parsing them.
#ifndef AMPCHECK_DISCOVER_RENDERED_DOCUMENTS_H_
#define AMPCHECK_DISCOVER_RENDERED_DOCUMENTS_H_

#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

struct RenderedDocument {
  std::string text;    // without its "---" line, ending in a newline
  int first_line = 1;  // of `text` in the output
};

// Documents between "---" lines; blank ones are dropped. A "---" at the
// start of a line always ends a document in YAML, so no parse is needed.
std::vector<RenderedDocument> SplitRenderedDocuments(std::string_view output);

// Lexically normal form of a path ("a/./b/../c/" -> "a/c"), so paths named
// differently (policy, kustomization entries, discovery) compare equal.
std::string NormalPath(const std::string& path);

// `path` absolute (against the current directory), for a program whose cwd
// is elsewhere.
std::string AbsolutePath(const std::string& path);

// Whether `path` is `directory` or lies under it (both normal).
bool IsUnder(const std::string& path, const std::string& directory);

// The first line of a program's stderr that starts with "Error", else its
// first non-empty line, for a diagnostic.
std::string FirstLine(std::string_view text);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_RENDERED_DOCUMENTS_H_
