#include "analyzer/resolve/istio_version.h"

#include "analyzer/base/strings.h"

namespace ampcheck {

std::optional<IstioVersion> IstioVersion::Parse(const std::string& text) {
  std::string value = text;
  if (StartsWith(value, "v")) value = value.substr(1);
  std::vector<std::string> parts = Split(value, '.');
  if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
  long long major, minor, patch = -1;
  if (!ParseInt(parts[0], &major) || !ParseInt(parts[1], &minor))
    return std::nullopt;
  if (parts.size() == 3 && !ParseInt(parts[2], &patch)) return std::nullopt;
  if (major != 1 || minor < 0 || minor > 99) return std::nullopt;
  return IstioVersion{static_cast<int>(major), static_cast<int>(minor),
                      static_cast<int>(patch)};
}

bool IstioVersion::AtLeast(int minor_version, int patch_version) const {
  if (minor != minor_version) return minor > minor_version;
  return patch < 0 || patch >= patch_version;
}

std::string IstioVersion::ToString() const {
  std::string text = std::to_string(major) + "." + std::to_string(minor);
  if (patch >= 0) text += "." + std::to_string(patch);
  return text;
}

int DefaultRetries(const IstioVersion& version) {
  return version.AtLeast(1) ? 2 : 0;
}

std::string DefaultRetryOn(const IstioVersion& version) {
  if (version.AtLeast(24)) {
    return "connect-failure,refused-stream,unavailable,cancelled,retriable-"
           "status-codes";
  }
  if (version.AtLeast(6)) {
    return "connect-failure,refused-stream,unavailable,cancelled,retriable-"
           "status-codes,503";
  }
  return "connect-failure,refused-stream,unavailable,cancelled,resource-"
         "exhausted,"
         "retriable-status-codes,503";
}

bool HasRetryBudgetField(const IstioVersion& version) {
  return version.AtLeast(27);
}

double DefaultBudgetPercent(const IstioVersion& version) {
  bool buggy =
      (version.minor == 27) ||
      (version.minor == 28 && version.patch >= 0 && version.patch <= 5) ||
      (version.minor == 29 && version.patch >= 0 && version.patch <= 1);
  return buggy ? 0.2 : 20.0;
}

bool SubsetPolicyDropsBudget(const IstioVersion& version) {
  return !version.AtLeast(30);
}

bool HasMergeAndReplaceList(const IstioVersion& version) {
  return version.AtLeast(31);
}

}  // namespace ampcheck
