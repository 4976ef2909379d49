#include "analyzer/facts/facts.h"

namespace ampcheck {

const char* SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kNote:
      return "note";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "error";
}

std::optional<Severity> ParseSeverity(const std::string& name) {
  for (Severity s : {Severity::kNote, Severity::kWarning, Severity::kError}) {
    if (name == SeverityName(s)) return s;
  }
  return std::nullopt;
}

const char* TargetKindName(TargetKind kind) {
  switch (kind) {
    case TargetKind::kNone:
      return "none";
    case TargetKind::kUrl:
      return "url";
    case TargetKind::kHost:
      return "host";
    case TargetKind::kEnv:
      return "env";
    case TargetKind::kProperty:
      return "property";
  }
  return "none";
}

std::optional<TargetKind> ParseTargetKind(const std::string& name) {
  for (TargetKind k : {TargetKind::kNone, TargetKind::kUrl, TargetKind::kHost,
                       TargetKind::kEnv, TargetKind::kProperty}) {
    if (name == TargetKindName(k)) return k;
  }
  return std::nullopt;
}

}  // namespace ampcheck
