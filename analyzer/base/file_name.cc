#include "analyzer/base/file_name.h"

#include "analyzer/base/string_table.h"

namespace ampcheck {
namespace {

// Every path of the run: never freed, as locations outlive every stage.
StringTable& Paths() {
  static StringTable* paths = new StringTable;
  return *paths;
}

}  // namespace

const std::string FileName::kNone;

FileName::FileName(std::string_view path)
    : path_(path.empty() ? &kNone : Paths().Of(path)) {}

std::string operator+(const FileName& a, std::string_view b) {
  std::string out = a.str();
  out += b;
  return out;
}

std::string operator+(std::string_view a, const FileName& b) {
  std::string out(a);
  out += b.str();
  return out;
}

}  // namespace ampcheck
