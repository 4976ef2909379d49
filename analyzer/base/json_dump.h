// The one way ampcheck writes JSON text. Every string in it is valid UTF-8:
// a byte sequence that is not (a Latin-1 YAML value, a file name) becomes
// U+FFFD instead of aborting the writer (nlohmann's type_error.316).
#ifndef AMPCHECK_BASE_JSON_DUMP_H_
#define AMPCHECK_BASE_JSON_DUMP_H_

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>

#include "analyzer/base/json_text.h"

namespace ampcheck {

// `indent` as nlohmann's dump: -1 for one line, n for n spaces per level.
std::string DumpJson(const nlohmann::json& json, int indent = -1);
// The same, written straight to `out`: a cluster's report is tens of
// megabytes, not worth holding twice.
void WriteJson(std::ostream& out, const nlohmann::json& json, int indent = -1);

// A JSON object written member by member, byte for byte as WriteJson would
// print the whole object with the same indent (n >= 0), so that a report of
// a cluster never exists as one tree. Members come in ascending key order,
// as nlohmann's objects print them; a key out of order throws
// std::logic_error. The object is closed by Close() or the destructor.
// With threads > 1, an array's elements are made and printed on that many
// threads, a window at a time, and written in order.
class JsonObjectWriter {
 public:
  JsonObjectWriter(std::ostream& out, int indent, int threads = 1);
  ~JsonObjectWriter();
  JsonObjectWriter(const JsonObjectWriter&) = delete;
  JsonObjectWriter& operator=(const JsonObjectWriter&) = delete;

  void Member(std::string_view key, const nlohmann::json& value);
  // An array member of `count` elements, each made by `element(i)` (which
  // must be safe to call from several threads when threads > 1) and
  // written before a later window of them is made.
  void ArrayMember(std::string_view key, size_t count,
                   const std::function<nlohmann::json(size_t)>& element);
  // The same with each element written as text, never built as a tree.
  void ArrayMember(std::string_view key, size_t count,
                   const std::function<void(size_t, JsonText*)>& element);
  void Close();

 private:
  void Key(std::string_view key);
  void Dump(const nlohmann::json& value, unsigned int current_indent);

  std::ostream& out_;
  unsigned int indent_;
  int threads_;
  std::string last_key_;
  bool first_ = true;
  bool closed_ = false;
};

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_JSON_DUMP_H_
