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
  // several), then written in order: memory stays two windows', the output
  // is the serial one's. While this thread writes one window, the others
  // print the next; it joins them once it has written.
  const size_t window = 256 * static_cast<size_t>(threads_);
  const size_t windows = (count + window - 1) / window;
  struct Window {
    std::vector<std::string> printed;
    size_t base = 0, size = 0;
    std::atomic<size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
  };
  Window buffers[2];
  auto prepare = [&](size_t w) {
    Window& win = buffers[w % 2];
    win.base = w * window;
    win.size = std::min(window, count - win.base);
    win.printed.resize(win.size);
    win.next = 0;
    win.failure = nullptr;
  };
  auto print = [&](Window* win) {
    for (size_t i; (i = win->next.fetch_add(1)) < win->size;) {
      try {
        win->printed[i].clear();
        JsonText text(&win->printed[i], indent_, 2 * indent_);
        element(win->base + i, &text);
      } catch (...) {
        std::lock_guard<std::mutex> lock(win->failure_mutex);
        if (!win->failure) win->failure = std::current_exception();
      }
    }
  };
  auto start_helpers = [&](Window* win) {
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads_ && static_cast<size_t>(t) < win->size; ++t)
      helpers.emplace_back(print, win);
    return helpers;
  };
  auto join = [](std::vector<std::thread>* helpers) {
    for (std::thread& helper : *helpers) helper.join();
    helpers->clear();
  };
  prepare(0);
  std::vector<std::thread> helpers = start_helpers(&buffers[0]);
  print(&buffers[0]);
  join(&helpers);
  for (size_t w = 0; w < windows; ++w) {
    Window& current = buffers[w % 2];
    Window* following = w + 1 < windows ? &buffers[(w + 1) % 2] : nullptr;
    if (following) {
      prepare(w + 1);
      helpers = start_helpers(following);
    }
    if (!current.failure) {
      for (size_t i = 0; i < current.size; ++i) {
        out_ << (current.base + i == 0 ? "[\n" : ",\n") << inner;
        out_.write(current.printed[i].data(),
                   static_cast<std::streamsize>(current.printed[i].size()));
      }
    }
    if (following) print(following);
    join(&helpers);
    if (current.failure) std::rethrow_exception(current.failure);
  }
  out_ << "\n" << std::string(indent_, ' ') << "]";
}

void JsonObjectWriter::Close() {
  if (closed_) return;
  closed_ = true;
  out_ << (first_ ? "{}" : "\n}");
}

}  // namespace ampcheck
