// JSON text written as it is made, byte for byte as nlohmann's dump prints
// the same tree with the same indent (invalid UTF-8 replaced, as DumpJson
// does): a cluster's report writes 50,000 calls without building a tree of
// maps and strings for each.
#ifndef AMPCHECK_BASE_JSON_TEXT_H_
#define AMPCHECK_BASE_JSON_TEXT_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ampcheck {

// Members of an object come in ascending key order, as nlohmann's objects
// print them; a key out of order, or a value where a key is due, throws
// std::logic_error.
class JsonText {
 public:
  // Appends to `out` one value that starts at column `indent` (nlohmann's
  // current indent), each level nested `step` further in.
  JsonText(std::string* out, unsigned int step, unsigned int indent);

  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  // The next value is the member `key` of the open object.
  void Key(std::string_view key);
  void String(std::string_view value);
  void Integer(long long value);
  void Unsigned(unsigned long long value);
  void Bool(bool value);
  // Any value as nlohmann prints it (numbers with a fraction, small trees).
  void Value(const nlohmann::json& value);
  void Strings(const std::vector<std::string>& values);
  // The text written so far, in bytes; Reserve makes room for `bytes` more
  // at once, so that a long list is not copied each time its text doubles.
  size_t Size() const { return out_->size(); }
  void Reserve(size_t bytes) { out_->reserve(out_->size() + bytes); }

 private:
  struct Open {
    bool object;
    bool empty = true;
    std::string last_key = {};
  };
  // Where a value is written: after its key in an object, or as the next
  // element of an array (its comma, newline and indent).
  void BeforeValue();
  void Close(bool object);
  void Indent(size_t depth);
  // `value` in quotes, escaped as nlohmann escapes it.
  void Quoted(std::string_view value);

  std::string* out_;
  unsigned int step_;
  unsigned int indent_;
  std::vector<Open> open_;
  bool key_written_ = false;
};

}  // namespace ampcheck

#endif  // AMPCHECK_BASE_JSON_TEXT_H_
