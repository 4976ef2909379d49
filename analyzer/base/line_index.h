// Whole lines of a text by 1-based line number, from a table of line starts
// built once per file (a source file's statements and functions are cut from
// it for every call site and rule match).
#ifndef AMPCHECK_BASE_LINE_INDEX_H_
#define AMPCHECK_BASE_LINE_INDEX_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace ampcheck {

class LineIndex {
 public:
  // `content` must outlive the index.
  explicit LineIndex(std::string_view content);

  // Lines first..last, inclusive, with their newlines; empty when first is
  // not a line of the text or last < first. A last past the end stops at
  // the end of the text.
  std::string_view Lines(int first, int last) const;
  std::string_view content() const { return content_; }

 private:
  std::string_view content_;
  std::vector<size_t> starts_;  // starts_[i]: offset of line i + 1
};

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_LINE_INDEX_H_
