// A manifest stream (a cluster dump of tens of megabytes) read fast: the
// fields the API server writes and ampcheck never reads are blanked before
// parsing, and a large stream's documents are parsed and extracted on
// several threads.
#ifndef AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_STREAM_H_
#define AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_STREAM_H_

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/extract/kubernetes/yaml_documents.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

// A stream this large is parsed on up to ThreadCount(0) threads.
inline constexpr size_t kParallelManifestBytes = 1 << 20;

// The document with the lines of every resource's `metadata.managedFields`
// and `status` made empty: both are written by the API server (`kubectl get
// -o yaml` prints them; they are most of a dump's bytes) and nothing in
// ampcheck reads them. Only block-style fields are blanked, and only where
// the indentation proves they are those keys: of a document's top-level
// mapping, or of each item of a `kind: ...List` document's `items`. Every
// line stays, so line numbers do not move.
std::string BlankServerWrittenFields(std::string_view document);

// ForEachYamlDocument for manifests, extracting as it goes: server-written
// fields blanked, and the documents of a stream over kParallelManifestBytes
// parsed and given to `extract` on several threads in windows (memory stays
// bounded by a window), each with facts of its own; those are appended to
// `facts` in document order, a document's parse diagnostics before what its
// extraction found, as one thread reading them in turn would.
void ExtractManifestDocuments(
    const std::string& file, std::string_view content, FileFacts* facts,
    const std::function<void(const YamlDocument&, FileFacts*)>& extract);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_KUBERNETES_MANIFEST_STREAM_H_
