// kustomize: the kustomizations among the discovered files, which of them
// are roots (used by no other), and the build output mapped back to the
// files that define each resource.
#ifndef AMPCHECK_DISCOVER_KUSTOMIZE_RENDERER_H_
#define AMPCHECK_DISCOVER_KUSTOMIZE_RENDERER_H_

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/discover/discover.h"
#include "analyzer/discover/file_system.h"

namespace ampcheck {

struct Kustomization {
  std::string directory;     // normal path
  std::string file_path;     // its kustomization.yaml
  std::string file_display;  // as outputs name it
  bool component = false;    // kind: Component
  // Kustomization directories it uses (resources, components, bases).
  std::vector<std::string> uses;
  // Files it lists as resources (normal paths).
  std::vector<std::string> resource_files;
};

// Whether a file name is one kustomize reads as a kustomization.
bool IsKustomizationFile(const std::string& name);

// Reads every kustomization among the files. Entries that name neither a
// discovered kustomization directory nor a discovered file (remote bases,
// paths outside the scan) are left to kustomize.
std::vector<Kustomization> ReadKustomizations(
    const FileSystem& fs, const std::vector<DiscoveredFile>& files);

// The kustomizations no other uses; a Component is never one (it cannot be
// built alone).
std::vector<const Kustomization*> KustomizeRoots(
    const std::vector<Kustomization>& all);

// The root and every kustomization it uses, directly or not.
std::vector<const Kustomization*> KustomizeClosure(
    const Kustomization& root, const std::vector<Kustomization>& all);

// Where each resource is defined: (kind, metadata.name) -> the file and the
// line its document starts on, over the resource files of a closure.
class ResourceIndex {
 public:
  void AddFile(const std::string& display, std::string_view content);
  // The definition of a built resource: the same kind and name, else the one
  // definition of that kind whose name the built name contains (namePrefix,
  // nameSuffix). Location{} when none or more than one fit.
  Location Find(const std::string& kind, const std::string& name) const;

 private:
  std::multimap<std::pair<std::string, std::string>, Location> entries_;
};

// kubectl kustomize DIR, or kustomize build DIR.
std::vector<std::string> KustomizeCommand(const std::string& program,
                                          const std::string& directory);

// The built documents, one file per defining document: displayed as the file
// that defines the resource, every fact at the line its definition starts on
// (the build reorders and patches fields, so finer lines are not known); a
// resource defined nowhere in the scan (generated ConfigMaps, remote bases)
// is displayed as the root's kustomization file, without a line.
std::vector<DiscoveredFile> KustomizeOutputFiles(const Kustomization& root,
                                                 std::string_view output,
                                                 const ResourceIndex& index);

}  // namespace ampcheck

#endif  // AMPCHECK_DISCOVER_KUSTOMIZE_RENDERER_H_
