#include "analyzer/base/line_index.h"

namespace ampcheck {

LineIndex::LineIndex(std::string_view content) : content_(content) {
  starts_.push_back(0);
  for (size_t i = 0; i < content.size(); ++i)
    if (content[i] == '\n') starts_.push_back(i + 1);
}

std::string_view LineIndex::Lines(int first, int last) const {
  if (first < 1 || last < first || static_cast<size_t>(first) > starts_.size())
    return {};
  size_t begin = starts_[first - 1];
  size_t end = static_cast<size_t>(last) < starts_.size() ? starts_[last]
                                                          : content_.size();
  return content_.substr(begin, end - begin);
}

}  // namespace ampcheck
