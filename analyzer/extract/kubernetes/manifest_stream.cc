#include "analyzer/extract/kubernetes/manifest_stream.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <thread>

#include "analyzer/base/strings.h"
#include "analyzer/base/threads.h"

namespace ampcheck {
namespace {

// "key" of a block mapping line "key:" or "key: value"; "" for anything
// else (quoted keys, sequence entries, flow collections).
std::string_view PlainKey(std::string_view rest) {
  size_t colon = rest.find(':');
  if (colon == std::string_view::npos || colon == 0) return "";
  if (colon + 1 < rest.size() && rest[colon + 1] != ' ' &&
      rest[colon + 1] != '\r')
    return "";
  for (size_t i = 0; i < colon; ++i) {
    char c = rest[i];
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
                 c == '/';
    if (!plain) return "";
  }
  return rest.substr(0, colon);
}

// Nothing after "key:" but an optional comment: a block value follows.
bool OpensBlock(std::string_view rest) {
  std::string_view after = rest.substr(rest.find(':') + 1);
  size_t i = after.find_first_not_of(" \r");
  return i == std::string_view::npos || after[i] == '#';
}

bool IsSequenceEntry(std::string_view rest) {
  return rest.size() >= 1 && rest[0] == '-' &&
         (rest.size() == 1 || rest[1] == ' ' || rest[1] == '\r');
}

// A `kind:` line at column 0 naming a list (List, DeploymentList, ...).
bool IsListDocument(std::string_view document) {
  size_t at = 0;
  while ((at = document.find("kind:", at)) != std::string_view::npos) {
    if (at == 0 || document[at - 1] == '\n') {
      size_t end = document.find('\n', at);
      std::string kind(Trim(document.substr(
          at + 5,
          (end == std::string_view::npos ? document.size() : end) - at - 5)));
      if (kind.size() >= 4 && kind.compare(kind.size() - 4, 4, "List") == 0)
        return true;
    }
    at += 5;
  }
  return false;
}

}  // namespace

std::string BlankServerWrittenFields(std::string_view document) {
  if (document.find("managedFields:") == std::string_view::npos &&
      document.find("status:") == std::string_view::npos)
    return std::string(document);
  const bool list = IsListDocument(document);
  std::string out;
  out.reserve(document.size());
  int resource_indent = 0;        // column of the current resource's keys
  std::string_view resource_key;  // its last key
  bool metadata_block = false;    // that key is "metadata:" opening a block
  int metadata_indent = -1;       // column of metadata's keys
  bool in_items = false;          // inside a List's top-level `items:`
  int items_dash = -1;            // column of its entries' "-"
  int skip = -1;                  // blanking what is deeper than this column
  size_t start = 0;
  while (start < document.size()) {
    size_t end = document.find('\n', start);
    bool newline = end != std::string_view::npos;
    if (!newline) end = document.size();
    std::string_view line = document.substr(start, end - start);
    start = end + 1;
    size_t spaces = line.find_first_not_of(' ');
    int indent =
        spaces == std::string_view::npos ? 0 : static_cast<int>(spaces);
    std::string_view rest =
        spaces == std::string_view::npos ? "" : line.substr(spaces);
    bool empty = rest.empty() || rest == "\r" || rest[0] == '#';
    auto keep = [&] {
      out.append(line);
      if (newline) out += '\n';
    };
    auto blank = [&] {
      if (newline) out += '\n';
    };
    if (skip >= 0) {
      // A value's lines are deeper than its key, or "- " entries at the
      // key's column (a compact sequence); comments and empty lines inside
      // go with it.
      if (empty || indent > skip || (indent == skip && IsSequenceEntry(rest))) {
        blank();
        continue;
      }
      skip = -1;
    }
    if (empty) {
      keep();
      continue;
    }
    if (indent == 0 && !IsSequenceEntry(rest)) {
      std::string_view key = PlainKey(rest);
      in_items = list && key == "items";
      items_dash = -1;
      resource_indent = in_items ? -1 : 0;
    }
    if (in_items && IsSequenceEntry(rest) &&
        (items_dash < 0 ? indent <= 2 : indent == items_dash)) {
      // A new item: its first key follows the "- " on this line.
      items_dash = indent;
      size_t key_at = rest.find_first_not_of(' ', 1);
      resource_indent = key_at == std::string_view::npos
                            ? indent + 2
                            : indent + static_cast<int>(key_at);
      resource_key = key_at == std::string_view::npos
                         ? std::string_view()
                         : PlainKey(rest.substr(key_at));
      metadata_block =
          resource_key == "metadata" && OpensBlock(rest.substr(key_at));
      metadata_indent = -1;
      keep();
      continue;
    }
    if (indent == resource_indent) {
      resource_key = PlainKey(rest);
      metadata_block = resource_key == "metadata" && OpensBlock(rest);
      metadata_indent = -1;
      if (resource_key == "status") {
        skip = indent;
        blank();
        continue;
      }
      keep();
      continue;
    }
    if (metadata_block && resource_indent >= 0 && indent > resource_indent) {
      if (metadata_indent < 0) metadata_indent = indent;
      if (indent == metadata_indent && PlainKey(rest) == "managedFields") {
        skip = indent;
        blank();
        continue;
      }
    }
    keep();
  }
  return out;
}

void ExtractManifestDocuments(
    const std::string& file, std::string_view content, FileFacts* facts,
    const std::function<void(const YamlDocument&, FileFacts*)>& extract) {
  std::vector<YamlChunk> chunks = SplitYamlDocuments(content);
  const size_t threads = content.size() > kParallelManifestBytes
                             ? static_cast<size_t>(std::min(ThreadCount(0), 8))
                             : 1;
  const size_t window = threads * 64;
  for (size_t base = 0; base < chunks.size(); base += window) {
    const size_t count = std::min(window, chunks.size() - base);
    std::vector<FileFacts> found(count);
    std::atomic<size_t> next{0};
    auto work = [&] {
      for (size_t i; (i = next.fetch_add(1)) < count;) {
        const YamlChunk& chunk = chunks[base + i];
        std::string text = BlankServerWrittenFields(chunk.text);
        std::optional<yaml::Node> root = ParseYamlChunk(
            file, {chunk.first_line, text}, &found[i].diagnostics);
        // Outside the parse: a problem while reading is not a parse error.
        if (root) extract({*root, chunk.first_line}, &found[i]);
      }
    };
    std::vector<std::thread> helpers;
    for (size_t t = 1; t < threads && t < count; ++t)
      helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers) helper.join();
    for (FileFacts& part : found) AppendFileFacts(std::move(part), facts);
  }
}

}  // namespace ampcheck
