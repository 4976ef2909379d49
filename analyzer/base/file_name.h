// A file's path as a location holds it: each distinct path is held once for
// the whole run, so that a location is 16 bytes and copying one never
// allocates. Resolve and the checks copy locations millions of times on a
// large fleet (docs/performance.md).
#ifndef AMPCHECK_BASE_FILE_NAME_H_
#define AMPCHECK_BASE_FILE_NAME_H_

#include <compare>
#include <cstddef>
#include <string>
#include <string_view>

namespace ampcheck {

class FileName {
 public:
  FileName() = default;
  // Implicit, as the string it stands for: a location is written
  // {"routing.yaml", 9}.
  FileName(std::string_view path);   // NOLINT(google-explicit-constructor)
  FileName(const std::string& path)  // NOLINT(google-explicit-constructor)
      : FileName(std::string_view(path)) {}
  FileName(const char* path)  // NOLINT(google-explicit-constructor)
      : FileName(std::string_view(path)) {}

  const std::string& str() const { return *path_; }
  operator const std::string&() const {  // NOLINT(google-explicit-constructor)
    return *path_;
  }
  bool empty() const { return path_->empty(); }
  size_t size() const { return path_->size(); }
  char operator[](size_t i) const { return (*path_)[i]; }

  // Equal paths are one: compared by address.
  friend bool operator==(const FileName& a, const FileName& b) {
    return a.path_ == b.path_;
  }
  friend bool operator==(const FileName& a, std::string_view b) {
    return *a.path_ == b;
  }
  friend bool operator==(const FileName& a, const std::string& b) {
    return *a.path_ == b;
  }
  friend bool operator==(const FileName& a, const char* b) {
    return *a.path_ == b;
  }
  // Ordered by the paths' text.
  friend std::strong_ordering operator<=>(const FileName& a,
                                          const FileName& b) {
    if (a.path_ == b.path_) return std::strong_ordering::equal;
    return a.path_->compare(*b.path_) <=> 0;
  }
  friend std::strong_ordering operator<=>(const FileName& a,
                                          std::string_view b) {
    return std::string_view(*a.path_).compare(b) <=> 0;
  }

 private:
  static const std::string kNone;
  const std::string* path_ = &kNone;
};

std::string operator+(const FileName& a, std::string_view b);
std::string operator+(std::string_view a, const FileName& b);

}  // namespace ampcheck

template <>
struct std::hash<ampcheck::FileName> {
  size_t operator()(const ampcheck::FileName& name) const {
    return std::hash<const void*>()(&name.str());
  }
};

#endif  // AMPCHECK_BASE_FILE_NAME_H_
