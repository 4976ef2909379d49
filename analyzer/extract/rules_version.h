// What identifies a set of rules for `ampcheck --version`: how many rule
// files it holds and a digest of their paths and contents, so two machines
// can tell whether they extract with the same rules.
#ifndef AMPCHECK_EXTRACT_RULES_VERSION_H_
#define AMPCHECK_EXTRACT_RULES_VERSION_H_

#include <string>

#include "analyzer/discover/file_system.h"

namespace ampcheck {

struct RulesVersion {
  int files = 0;       // *.yaml below the directory, schema.yaml included
  std::string sha256;  // of each file's relative path, NUL, content, NUL
                       // in path order; "" when the directory is unreadable
};

RulesVersion ComputeRulesVersion(const FileSystem& fs, const std::string& dir);

// "147 files, sha256 0123456789ab" (the digest's first 12 hex digits).
std::string DescribeRulesVersion(const RulesVersion& version);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_RULES_VERSION_H_
