// Documented amplification: the policy file's documented[] entries, and the
// ampcheck.io/max-tries + ampcheck.io/retry-owner annotations on a
// VirtualService (for its routes) or a workload (for its outbound calls).
#include <algorithm>
#include <map>
#include <memory>
#include <utility>

#include "analyzer/base/strings.h"
#include "analyzer/resolve/resolve_context.h"

namespace ampcheck {
namespace {

constexpr const char* kMaxTries = "ampcheck.io/max-tries";
constexpr const char* kOwner = "ampcheck.io/retry-owner";
constexpr const char* kReason = "ampcheck.io/reason";
constexpr const char* kSuppress = "ampcheck.io/suppress";

std::optional<Documentation> FromAnnotations(
    const std::map<std::string, std::string>& annotations,
    const std::string& resource, const Location& at, ResolveContext* c) {
  auto max = annotations.find(kMaxTries);
  auto owner = annotations.find(kOwner);
  if (max == annotations.end() && owner == annotations.end())
    return std::nullopt;
  long long n = 0;
  if (max == annotations.end() || owner == annotations.end()) {
    c->Diagnose(at,
                resource + ": " + kMaxTries + " and " + kOwner +
                    " declare amplification together; one alone is ignored",
                Severity::kError);
    return std::nullopt;
  }
  if (!ParseInt(max->second, &n) || n < 1) {
    c->Diagnose(at,
                resource + ": " + kMaxTries +
                    " must be an integer >= 1, got '" + max->second +
                    "'; ignored",
                Severity::kError);
    return std::nullopt;
  }
  Documentation d;
  d.owner = owner->second;
  d.max_tries = static_cast<uint64_t>(n);
  auto reason = annotations.find(kReason);
  d.reason = reason == annotations.end() ? "annotation on " + resource
                                         : reason->second;
  d.location = at;
  return d;
}

// ampcheck.io/suppress: "<check-id>: <reason>" (one per line) on a workload,
// Service or VirtualService suppresses that check on paths through `service`.
void AddAnnotatedSuppressions(
    const std::map<std::string, std::string>& annotations,
    const std::string& resource, const std::string& service, const Location& at,
    ResolveContext* c) {
  auto it = annotations.find(kSuppress);
  if (it == annotations.end()) return;
  for (const std::string& line : Split(it->second, '\n')) {
    if (Trim(line).empty()) continue;
    size_t colon = line.find(':');
    std::string check = Trim(line.substr(0, colon));
    std::string reason =
        colon == std::string::npos ? "" : Trim(line.substr(colon + 1));
    if (check.empty() || reason.empty()) {
      c->Diagnose(at,
                  resource + ": " + kSuppress +
                      " needs '<check-id>: <reason>', got '" + Trim(line) +
                      "'; ignored",
                  Severity::kError);
      continue;
    }
    c->model.suppressions.push_back({check, service, reason, at, {}});
  }
}

}  // namespace

void AddDeclarations(ResolveContext* c) {
  for (const WorkloadFact& w : c->workloads) {
    int service = c->workload_service[w.ns + "/" + w.name];
    AddAnnotatedSuppressions(w.annotations, w.kind + " " + w.name,
                             c->model.services[service].name, w.location, c);
  }
  for (const ServiceFact& s : c->k8s_services) {
    AddAnnotatedSuppressions(s.annotations, "Service " + s.name, s.name,
                             s.location, c);
  }
  for (const VirtualServiceFact& vs : c->virtual_services) {
    for (const std::string& host : vs.hosts) {
      int service = c->ResolveHost(host, vs.ns);
      if (service < 0) continue;
      AddAnnotatedSuppressions(vs.annotations, "VirtualService " + vs.name,
                               c->model.services[service].name, vs.location, c);
    }
  }
  for (const CapacityDeclaration& d : c->policy.capacity) {
    int s = c->FindServiceRef(d.service, d.location, true);
    if (s >= 0) c->model.services[s].capacity = d;
  }
  for (const std::string& entry : c->policy.entries) {
    int s = c->FindServiceRef(entry, {c->policy.file, 0}, true);
    if (s >= 0) c->model.services[s].declared_entry = true;
  }
  // Workload annotations: every outbound call of the service.
  for (const WorkloadFact& w : c->workloads) {
    auto d =
        FromAnnotations(w.annotations, w.kind + " " + w.name, w.location, c);
    if (!d) continue;
    const auto shared = std::make_shared<const Documentation>(std::move(*d));
    int service = c->workload_service[w.ns + "/" + w.name];
    if (service >= static_cast<int>(c->outgoing.size())) continue;
    for (int call : c->outgoing[service]) {
      if (!c->model.calls[call].declaration)
        c->model.calls[call].declaration = shared;
    }
  }
  // VirtualService annotations: the calls its routes carry (to its hosts, or
  // through it from a gateway). Indexed first: one pass over the calls.
  std::map<int, std::shared_ptr<const Documentation>> by_callee;
  std::map<std::string, std::shared_ptr<const Documentation>> by_origin;
  for (const VirtualServiceFact& vs : c->virtual_services) {
    auto d = FromAnnotations(vs.annotations, "VirtualService " + vs.name,
                             vs.location, c);
    if (!d) continue;
    const auto shared = std::make_shared<const Documentation>(std::move(*d));
    for (const std::string& host : vs.hosts) {
      int callee = c->ResolveHost(host, vs.ns);
      if (callee >= 0) by_callee[callee] = shared;
    }
    by_origin["VirtualService " + vs.name] = shared;
  }
  for (Call& call : c->model.calls) {
    if (by_callee.empty() && by_origin.empty()) break;
    if (auto it = by_callee.find(call.to); it != by_callee.end())
      call.declaration = it->second;
    for (const Layer& layer : call.layers) {
      if (auto it = by_origin.find(layer.origin); it != by_origin.end()) {
        call.declaration = it->second;
      }
    }
  }
  // The policy file wins over annotations.
  for (const Documentation& d : c->policy.documented) {
    if (!d.path.empty() || d.from.empty()) {
      Documentation resolved = d;
      bool ok = true;
      for (std::string& ref : resolved.path) {
        int s = c->FindServiceRef(ref, d.location, true);
        ok = ok && s >= 0;
        if (s >= 0) ref = c->model.services[s].Key();
      }
      if (!resolved.to.empty()) {
        int s = c->FindServiceRef(resolved.to, d.location, true);
        ok = ok && s >= 0;
        if (s >= 0) resolved.to = c->model.services[s].Key();
      }
      if (ok) c->model.path_declarations.push_back(resolved);
      continue;
    }
    int from = c->FindServiceRef(d.from, d.location, true);
    int to = c->FindServiceRef(d.to, d.location, true);
    if (from < 0 || to < 0) continue;
    auto it = c->call_index.find({from, to});
    if (it == c->call_index.end()) {
      c->Diagnose(
          d.location,
          "policy: documented call " + d.from + " -> " + d.to +
              " does not exist in the inputs (declare it under calls:)");
      continue;
    }
    c->model.calls[it->second].declaration =
        std::make_shared<const Documentation>(d);
  }
}

}  // namespace ampcheck
