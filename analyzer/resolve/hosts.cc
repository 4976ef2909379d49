#include "analyzer/resolve/hosts.h"

#include <cctype>

#include "analyzer/base/strings.h"

namespace ampcheck {
namespace {

bool IsHostChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' ||
         c == '_';
}

}  // namespace

std::optional<HostReference> ParseHostReference(std::string_view text,
                                                bool require_explicit) {
  std::string value = Trim(text);
  bool explicit_form = false;
  size_t scheme = value.find("://");
  if (scheme != std::string::npos) {
    for (size_t i = 0; i < scheme; ++i) {
      char c = value[i];
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' &&
          c != '-' && c != '.') {
        return std::nullopt;
      }
    }
    std::string name = ToLower(value.substr(0, scheme));
    value = value.substr(scheme + 3);
    explicit_form = true;
    // gRPC name resolvers: dns:///orders:50051 (no authority) and
    // dns://8.8.8.8/orders:50051 (the authority is the DNS server), also
    // passthrough:/// and xds:///.
    if (name == "dns" || name == "passthrough" || name == "xds") {
      if (size_t slash = value.find('/'); slash != std::string::npos)
        value = value.substr(slash + 1);
    }
  }
  // user:pass@host
  if (size_t at = value.find('@');
      at != std::string::npos && value.find('/') > at) {
    value = value.substr(at + 1);
  }
  size_t end = 0;
  while (end < value.size() && IsHostChar(value[end])) ++end;
  std::string host = ToLower(value.substr(0, end));
  if (host.empty() || host.front() == '.' || host.front() == '-')
    return std::nullopt;
  while (!host.empty() && host.back() == '.') host.pop_back();
  HostReference ref{host, 0};
  std::string rest = value.substr(end);
  if (!rest.empty() && rest[0] == ':') {
    size_t digits = 1;
    while (digits < rest.size() &&
           std::isdigit(static_cast<unsigned char>(rest[digits])))
      ++digits;
    long long port;
    if (digits == 1 || !ParseInt(rest.substr(1, digits - 1), &port))
      return std::nullopt;
    ref.port = static_cast<int>(port);
    rest = rest.substr(digits);
    explicit_form = true;
  }
  if (!rest.empty() && rest[0] != '/' && rest[0] != '?') return std::nullopt;
  if (host.find('.') != std::string::npos) {
    // A dotted word must look like a DNS name, not a version or a file.
    if (std::isdigit(static_cast<unsigned char>(host.back()))) {
      bool all_numeric = true;
      for (char c : host)
        all_numeric = all_numeric &&
                      (std::isdigit(static_cast<unsigned char>(c)) || c == '.');
      if (all_numeric) return std::nullopt;  // IP address or version
    }
    explicit_form = true;
  }
  if (require_explicit && !explicit_form) return std::nullopt;
  return ref;
}

std::vector<HostReference> FindUrls(std::string_view text) {
  std::vector<HostReference> refs;
  size_t pos = 0;
  while ((pos = text.find("://", pos)) != std::string_view::npos) {
    size_t start = pos;
    while (start > 0 &&
           (std::isalnum(static_cast<unsigned char>(text[start - 1])) ||
            text[start - 1] == '+')) {
      --start;
    }
    size_t end = pos + 3;
    while (end < text.size() &&
           !std::isspace(static_cast<unsigned char>(text[end])) &&
           text[end] != '"' && text[end] != '\'' && text[end] != ',' &&
           text[end] != ')') {
      ++end;
    }
    if (start < pos) {
      if (auto ref =
              ParseHostReference(text.substr(start, end - start), true)) {
        refs.push_back(*ref);
      }
    }
    pos = end;
  }
  return refs;
}

bool NamesAHost(std::string_view variable) {
  std::string upper;
  for (char c : variable)
    upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const char* word :
       {"HOST", "ADDR", "URL", "URI", "ENDPOINT", "UPSTREAM", "BACKEND",
        "TARGET", "SERVICE_NAME_", "_SVC", "SERVER"}) {
    if (upper.find(word) != std::string::npos) return true;
  }
  return false;
}

bool ConfigKeyNamesAHost(std::string_view key) {
  size_t colon = key.rfind(':');
  size_t dunder = key.rfind("__");
  size_t cut = std::string_view::npos;
  if (colon != std::string_view::npos) cut = colon + 1;
  if (dunder != std::string_view::npos &&
      (cut == std::string_view::npos || dunder + 2 > cut))
    cut = dunder + 2;
  std::string_view leaf = cut == std::string_view::npos ? key : key.substr(cut);
  // Words: split at '.', '_', '-' and where a lower-case letter meets an
  // upper-case one ("BaseAddress" -> base, address).
  std::vector<std::string> words(1);
  for (size_t i = 0; i < leaf.size(); ++i) {
    char ch = leaf[i];
    if (ch == '.' || ch == '_' || ch == '-') {
      words.emplace_back();
      continue;
    }
    bool upper = std::isupper(static_cast<unsigned char>(ch));
    if (upper && i > 0 && std::islower(static_cast<unsigned char>(leaf[i - 1])))
      words.emplace_back();
    words.back() +=
        static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  for (const std::string& word : words) {
    for (const char* host_word :
         {"host", "hostname", "hosts", "addr", "address", "url", "uri",
          "endpoint", "upstream", "backend", "target", "server", "servers",
          "svc"}) {
      if (word == host_word) return true;
    }
  }
  return false;
}

std::optional<ServiceName> ParseServiceHost(const std::string& host) {
  std::vector<std::string> parts = Split(host, '.');
  if (parts.empty() || parts[0].empty()) return std::nullopt;
  if (parts.size() == 1) return ServiceName{parts[0], ""};
  if (parts.size() == 2) return ServiceName{parts[0], parts[1]};
  if (parts.size() == 3 && parts[2] == "svc")
    return ServiceName{parts[0], parts[1]};
  if (parts.size() >= 5 && parts[2] == "svc") {
    // name.ns.svc.<cluster domain>
    return ServiceName{parts[0], parts[1]};
  }
  return std::nullopt;
}

}  // namespace ampcheck
