// Counts as people write them: "1 finding", "2 findings", "0 notes".
#ifndef AMPCHECK_REPORT_PLURAL_H_
#define AMPCHECK_REPORT_PLURAL_H_

#include <cstddef>
#include <string>

namespace ampcheck {

// The count and the noun, with an "s" unless the count is one (every noun
// the reports count takes a plain "s").
std::string Plural(size_t count, const std::string& noun);

}  // namespace ampcheck

#endif  // AMPCHECK_REPORT_PLURAL_H_
