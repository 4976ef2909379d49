#include "analyzer/discover/root_display.h"

#include <filesystem>

#include "analyzer/base/paths.h"

namespace ampcheck {
namespace {

std::string Typed(const std::string& input) {
  std::string path =
      std::filesystem::path(input).lexically_normal().generic_string();
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path == "." ? "" : path;
}

}  // namespace

std::string RootDisplayPrefix(const std::vector<std::string>& inputs,
                              size_t index) {
  if (inputs.size() < 2) return "";
  std::string name = BaseName(Typed(inputs[index]));
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (i != index && BaseName(Typed(inputs[i])) == name)
      return Typed(inputs[index]);
  }
  return name;
}

}  // namespace ampcheck
