// Istio's version-dependent retry semantics, each with its source
// (reference/mesh.md: istio/api protos and pilot code).
#ifndef AMPCHECK_RESOLVE_ISTIO_VERSION_H_
#define AMPCHECK_RESOLVE_ISTIO_VERSION_H_

#include <optional>
#include <string>

namespace ampcheck {

// The latest Istio release ampcheck knows; the default for --istio-version.
inline constexpr const char* kLatestIstioVersion = "1.31";

struct IstioVersion {
  int major = 1;
  int minor = 31;
  int patch = -1;  // -1: any patch release of major.minor

  // "1.24", "1.28.6", "v1.21.0"; nullopt otherwise.
  static std::optional<IstioVersion> Parse(const std::string& text);
  bool AtLeast(int minor_version, int patch_version = 0) const;
  std::string ToString() const;
};

// Retries when a route has no retries block and MeshConfig sets no
// defaultHttpRetryPolicy: R = 2 since 1.1 (pilot retry.go DefaultPolicy).
int DefaultRetries(const IstioVersion& version);

// The default retryOn. 503 was dropped in 1.24
// (EXCLUDE_UNSAFE_503_FROM_DEFAULT_RETRY).
std::string DefaultRetryOn(const IstioVersion& version);

// DestinationRule trafficPolicy.retryBudget exists from 1.27.
bool HasRetryBudgetField(const IstioVersion& version);

// retryBudget.percent when omitted: 20, but 0.2 in 1.27.x, 1.28.0-1.28.5 and
// 1.29.0-1.29.1 (a bug fixed in 1.28.6, 1.29.2, 1.30.0).
double DefaultBudgetPercent(const IstioVersion& version);

// Before 1.30 a subset with its own trafficPolicy dropped the budget.
bool SubsetPolicyDropsBudget(const IstioVersion& version);

// EnvoyFilter MERGE_AND_REPLACE_LIST is honoured from 1.31.
bool HasMergeAndReplaceList(const IstioVersion& version);

}  // namespace ampcheck

#endif  // AMPCHECK_RESOLVE_ISTIO_VERSION_H_
