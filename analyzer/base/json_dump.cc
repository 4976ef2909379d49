#include "analyzer/base/json_dump.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

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

JsonObjectWriter::JsonObjectWriter(std::ostream& out, int indent, int threads)
    : out_(out),
      indent_(static_cast<unsigned int>(std::max(indent, 0))),
      threads_(std::max(threads, 1)) {}

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
  ArrayMember(key, count, [&element](size_t i, JsonText* text) {
    text->Value(element(i));
  });
}

void JsonObjectWriter::ArrayMember(
    std::string_view key, size_t count,
    const std::function<void(size_t, JsonText*)>& element) {
  Key(key);
  if (count == 0) {
    out_ << "[]";
    return;
  }
  const std::string inner(2 * indent_, ' ');
  // A window of elements printed to strings (on every thread when there are
  // several), then written in order: memory stays a window's, the output is
  // the serial one's.
  const size_t window = 256 * static_cast<size_t>(threads_);
  std::vector<std::string> printed(std::min(window, count));
  for (size_t base = 0; base < count; base += window) {
    const size_t n = std::min(window, count - base);
    std::atomic<size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&] {
      for (size_t i; (i = next.fetch_add(1)) < n;) {
        try {
          printed[i].clear();
          JsonText text(&printed[i], indent_, 2 * indent_);
          element(base + i, &text);
        } catch (...) {
          std::lock_guard<std::mutex> lock(failure_mutex);
          if (!failure) failure = std::current_exception();
        }
      }
    };
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads_ && static_cast<size_t>(t) < n; ++t)
      helpers.emplace_back(work);
    work();
    for (std::thread& helper : helpers) helper.join();
    if (failure) std::rethrow_exception(failure);
    for (size_t i = 0; i < n; ++i) {
      out_ << (base + i == 0 ? "[\n" : ",\n") << inner;
      out_.write(printed[i].data(),
                 static_cast<std::streamsize>(printed[i].size()));
    }
  }
  out_ << "\n" << std::string(indent_, ' ') << "]";
}

void JsonObjectWriter::Close() {
  if (closed_) return;
  closed_ = true;
  out_ << (first_ ? "{}" : "\n}");
}

}  // namespace ampcheck
