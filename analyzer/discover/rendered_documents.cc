#include "analyzer/discover/rendered_documents.h"

#include <filesystem>

namespace ampcheck {
namespace {

bool IsSeparator(std::string_view line) {
  if (line.substr(0, 3) != "---") return false;
  return line.size() == 3 || line[3] == ' ' || line[3] == '\t' ||
         line[3] == '\r';
}

bool IsBlank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

std::vector<RenderedDocument> SplitRenderedDocuments(std::string_view output) {
  std::vector<RenderedDocument> documents;
  RenderedDocument current;
  int line_number = 0;
  auto finish = [&] {
    if (!IsBlank(current.text)) documents.push_back(current);
    current = {};
    current.first_line = line_number + 1;
  };
  size_t start = 0;
  while (start < output.size()) {
    size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    std::string_view line = output.substr(start, end - start);
    ++line_number;
    if (IsSeparator(line)) {
      finish();
    } else {
      current.text.append(line);
      current.text.push_back('\n');
    }
    start = end + 1;
  }
  finish();
  return documents;
}

std::string NormalPath(const std::string& path) {
  if (path.empty()) return ".";
  std::string normal = std::filesystem::path(path).lexically_normal().string();
  while (normal.size() > 1 && normal.back() == '/') normal.pop_back();
  return normal.empty() ? "." : normal;
}

std::string AbsolutePath(const std::string& path) {
  std::error_code ec;
  std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  return ec ? path : NormalPath(absolute.string());
}

bool IsUnder(const std::string& path, const std::string& directory) {
  if (directory == ".")
    return !path.starts_with("/") && !path.starts_with("..");
  return path == directory ||
         (path.size() > directory.size() && path.starts_with(directory) &&
          (directory.back() == '/' || path[directory.size()] == '/'));
}

std::string FirstLine(std::string_view text) {
  // helm and kubectl print warnings (e.g. about KUBECONFIG) before the
  // error: the first "Error" line says why it failed.
  size_t error = text.starts_with("Error") ? 0 : text.find("\nError");
  if (error != std::string_view::npos && error != 0)
    text.remove_prefix(error + 1);
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
      line.remove_suffix(1);
    if (!line.empty()) return std::string(line.substr(0, 300));
    start = end + 1;
  }
  return "";
}

}  // namespace ampcheck
