#include "analyzer/base/json_text.h"

#include <stdexcept>

namespace ampcheck {

JsonText::JsonText(std::string* out, unsigned int step, unsigned int indent)
    : out_(out), step_(step), indent_(indent) {}

void JsonText::Indent(size_t depth) {
  out_->append(indent_ + depth * step_, ' ');
}

void JsonText::BeforeValue() {
  if (open_.empty()) return;
  Open& open = open_.back();
  if (open.object) {
    if (!key_written_) throw std::logic_error("JSON value without a key");
    key_written_ = false;
    return;
  }
  // nlohmann: "[\n" before the first element, ",\n" between elements.
  out_->append(open.empty ? "\n" : ",\n");
  open.empty = false;
  Indent(open_.size());
}

void JsonText::Key(std::string_view key) {
  if (open_.empty() || !open_.back().object || key_written_)
    throw std::logic_error("JSON key \"" + std::string(key) +
                           "\" outside an object");
  Open& open = open_.back();
  if (!open.empty && key <= open.last_key)
    throw std::logic_error("JSON member \"" + std::string(key) + "\" after \"" +
                           open.last_key + "\"");
  out_->append(open.empty ? "\n" : ",\n");
  open.empty = false;
  open.last_key = key;
  Indent(open_.size());
  Quoted(key);
  out_->append(": ");
  key_written_ = true;
}

void JsonText::BeginObject() {
  BeforeValue();
  out_->push_back('{');
  open_.push_back({true});
}

void JsonText::BeginArray() {
  BeforeValue();
  out_->push_back('[');
  open_.push_back({false});
}

void JsonText::EndObject() { Close(true); }

void JsonText::EndArray() { Close(false); }

void JsonText::Close(bool object) {
  if (open_.empty() || open_.back().object != object || key_written_)
    throw std::logic_error(std::string("JSON ") +
                           (object ? "object" : "array") +
                           " closed out of turn");
  const bool empty = open_.back().empty;
  open_.pop_back();
  if (!empty) {
    out_->push_back('\n');
    Indent(open_.size());
  }
  out_->push_back(object ? '}' : ']');
}

void JsonText::String(std::string_view value) {
  BeforeValue();
  Quoted(value);
}

void JsonText::Quoted(std::string_view value) {
  // Printable ASCII without quote or backslash prints as it is; anything
  // else (escapes, UTF-8, bytes to replace) is left to nlohmann.
  for (char c : value) {
    if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
      nlohmann::detail::serializer<nlohmann::json> serializer(
          nlohmann::detail::output_adapter<char>(*out_), ' ',
          nlohmann::json::error_handler_t::replace);
      serializer.dump(nlohmann::json(std::string(value)), true, false, step_,
                      0);
      return;
    }
  }
  out_->push_back('"');
  out_->append(value);
  out_->push_back('"');
}

void JsonText::Integer(long long value) {
  BeforeValue();
  out_->append(std::to_string(value));
}

void JsonText::Unsigned(unsigned long long value) {
  BeforeValue();
  out_->append(std::to_string(value));
}

void JsonText::Bool(bool value) {
  BeforeValue();
  out_->append(value ? "true" : "false");
}

void JsonText::Value(const nlohmann::json& value) {
  BeforeValue();
  nlohmann::detail::serializer<nlohmann::json> serializer(
      nlohmann::detail::output_adapter<char>(*out_), ' ',
      nlohmann::json::error_handler_t::replace);
  serializer.dump(value, true, false, step_,
                  indent_ + static_cast<unsigned int>(open_.size()) * step_);
}

void JsonText::Strings(const std::vector<std::string>& values) {
  BeginArray();
  for (const std::string& value : values) String(value);
  EndArray();
}

}  // namespace ampcheck
