// The other projects of the same tree a build marker depends on, so that a
// layer in shared code (a defaults library, a common client module) carries
// into every service that uses it.
#ifndef AMPCHECK_EXTRACT_SOURCE_PROJECT_REFERENCES_H_
#define AMPCHECK_EXTRACT_SOURCE_PROJECT_REFERENCES_H_

#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

// What a marker in `directory` references, each as one of:
//   "dir:<path>"       a C# <ProjectReference Include="..\X\X.csproj"/>,
//                      resolved against directory (a path in the tree)
//   "artifact:<name>"  a Maven <dependency>'s artifactId
//   "package:<name>"   a package.json dependency (npm workspaces)
// Resolve keeps the ones that name a project of the inputs.
std::vector<std::string> ProjectReferences(const std::string& marker,
                                           std::string_view content,
                                           const std::string& directory);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_SOURCE_PROJECT_REFERENCES_H_
