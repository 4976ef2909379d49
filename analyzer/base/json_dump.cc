#include "analyzer/base/json_dump.h"

#include <algorithm>
#include <stdexcept>

namespace ampcheck {

std::string DumpJson(const nlohmann::json& json, int indent) {
  return json.dump(indent, ' ', false,
                   nlohmann::json::error_handler_t::replace);
}

void WriteJson(std::ostream& out, const nlohmann::json& json, int indent) {
  nlohmann::detail::serializer<nlohmann::json> serializer(
      nlohmann::detail::output_adapter<char>(out), ' ',
      nlohmann::json::error_handler_t::replace);
  serializer.dump(json, indent >= 0, false,
                  static_cast<unsigned int>(std::max(indent, 0)));
}

JsonObjectWriter::JsonObjectWriter(std::ostream& out, int indent)
    : out_(out), indent_(static_cast<unsigned int>(std::max(indent, 0))) {}

JsonObjectWriter::~JsonObjectWriter() { Close(); }

void JsonObjectWriter::Dump(const nlohmann::json& value,
                            unsigned int current_indent) {
  nlohmann::detail::serializer<nlohmann::json> serializer(
      nlohmann::detail::output_adapter<char>(out_), ' ',
      nlohmann::json::error_handler_t::replace);
  serializer.dump(value, true, false, indent_, current_indent);
}

void JsonObjectWriter::Key(std::string_view key) {
  if (!first_ && key <= last_key_)
    throw std::logic_error("JSON member \"" + std::string(key) + "\" after \"" +
                           last_key_ + "\"");
  out_ << (first_ ? "{\n" : ",\n") << std::string(indent_, ' ');
  Dump(nlohmann::json(key), indent_);
  out_ << ": ";
  last_key_ = key;
  first_ = false;
}

void JsonObjectWriter::Member(std::string_view key,
                              const nlohmann::json& value) {
  Key(key);
  Dump(value, indent_);
}

void JsonObjectWriter::ArrayMember(
    std::string_view key, size_t count,
    const std::function<nlohmann::json(size_t)>& element) {
  Key(key);
  if (count == 0) {
    out_ << "[]";
    return;
  }
  const std::string inner(2 * indent_, ' ');
  for (size_t i = 0; i < count; ++i) {
    out_ << (i == 0 ? "[\n" : ",\n") << inner;
    Dump(element(i), 2 * indent_);
  }
  out_ << "\n" << std::string(indent_, ' ') << "]";
}

void JsonObjectWriter::Close() {
  if (closed_) return;
  closed_ = true;
  out_ << (first_ ? "{}" : "\n}");
}

}  // namespace ampcheck
