#include "analyzer/resolve/istio_version.h"

#include <doctest/doctest.h>

namespace ampcheck {

TEST_CASE("Istio versions parse in the usual spellings") {
  CHECK(IstioVersion::Parse("1.24")->ToString() == "1.24");
  CHECK(IstioVersion::Parse("v1.28.6")->ToString() == "1.28.6");
  CHECK_FALSE(IstioVersion::Parse("2.0").has_value());
  CHECK_FALSE(IstioVersion::Parse("latest").has_value());
  CHECK_FALSE(IstioVersion::Parse("1").has_value());
}

TEST_CASE("the default retryOn drops 503 in 1.24") {
  CHECK(DefaultRetryOn(*IstioVersion::Parse("1.21")) ==
        "connect-failure,refused-stream,unavailable,cancelled,retriable-status-"
        "codes,503");
  CHECK(DefaultRetryOn(*IstioVersion::Parse("1.24.0")) ==
        "connect-failure,refused-stream,unavailable,cancelled,retriable-status-"
        "codes");
  CHECK(DefaultRetries(*IstioVersion::Parse("1.0")) == 0);
  CHECK(DefaultRetries(*IstioVersion::Parse("1.1")) == 2);
}

TEST_CASE(
    "retry budgets: the field from 1.27, the 0.2% default bug, subset "
    "precedence") {
  CHECK_FALSE(HasRetryBudgetField(*IstioVersion::Parse("1.26")));
  CHECK(HasRetryBudgetField(*IstioVersion::Parse("1.27")));
  CHECK(DefaultBudgetPercent(*IstioVersion::Parse("1.27.3")) == 0.2);
  CHECK(DefaultBudgetPercent(*IstioVersion::Parse("1.28.5")) == 0.2);
  CHECK(DefaultBudgetPercent(*IstioVersion::Parse("1.28.6")) == 20.0);
  CHECK(DefaultBudgetPercent(*IstioVersion::Parse("1.29.1")) == 0.2);
  CHECK(DefaultBudgetPercent(*IstioVersion::Parse("1.29.2")) == 20.0);
  CHECK(DefaultBudgetPercent(*IstioVersion::Parse("1.30")) == 20.0);
  CHECK(SubsetPolicyDropsBudget(*IstioVersion::Parse("1.29")));
  CHECK_FALSE(SubsetPolicyDropsBudget(*IstioVersion::Parse("1.30")));
  CHECK_FALSE(HasMergeAndReplaceList(*IstioVersion::Parse("1.30")));
  CHECK(HasMergeAndReplaceList(*IstioVersion::Parse("1.31")));
}

}  // namespace ampcheck
