#include "analyzer/discover/root_display.h"

#include <filesystem>

namespace ampcheck {
namespace {

std::string Normal(const std::filesystem::path& path) {
  std::string text = path.lexically_normal().generic_string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text == "." ? "" : text;
}

}  // namespace

std::string DisplayPrefix(const std::string& input,
                          const std::string& working_directory) {
  std::filesystem::path typed(input);
  if (!typed.is_absolute() || working_directory.empty()) return Normal(typed);
  std::string relative =
      Normal(typed.lexically_normal().lexically_relative(working_directory));
  bool inside = relative.empty() ? Normal(typed) == Normal(working_directory)
                                 : relative.rfind("..", 0) != 0;
  return inside ? relative : Normal(typed);
}

std::string WorkingDirectory() {
  std::error_code error;
  std::filesystem::path cwd = std::filesystem::current_path(error);
  return error ? "" : cwd.generic_string();
}

}  // namespace ampcheck
