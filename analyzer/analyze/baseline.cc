#include "analyzer/analyze/baseline.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "analyzer/analyze/causes.h"
#include "analyzer/base/json_dump.h"
#include "analyzer/base/json_integer.h"

namespace ampcheck {

using nlohmann::json;

namespace {

int LineAt(std::string_view content, size_t offset) {
  offset = std::min(offset, content.size());
  return 1 + static_cast<int>(
                 std::count(content.begin(), content.begin() + offset, '\n'));
}

// The line of the entry with this identity: where its "identity" key is.
int EntryLine(std::string_view content, const std::string& identity) {
  std::string needle = "\"identity\": " + DumpJson(json(identity));
  size_t at = content.find(needle);
  return at == std::string_view::npos ? 0 : LineAt(content, at);
}

Diagnostic Problem(const std::string& file, int line, std::string message) {
  return {{file, line}, std::move(message), Severity::kError};
}

}  // namespace

std::string BaselineText(const std::vector<Finding>& findings) {
  std::vector<const Finding*> sorted;
  for (const Finding& f : findings) sorted.push_back(&f);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Finding* a, const Finding* b) {
                     return a->identity < b->identity;
                   });
  json entries = json::array();
  std::string previous;
  for (const Finding* f : sorted) {
    if (!entries.empty() && f->identity == previous) continue;
    previous = f->identity;
    json entry = {{"identity", f->identity},
                  {"check", f->check},
                  {"message", f->message}};
    if (f->location.known()) {
      entry["file"] = f->location.file;
      if (f->location.line > 0) entry["line"] = f->location.line;
    }
    entries.push_back(entry);
  }
  json doc = {{"schema", kBaselineSchema}, {"findings", entries}};
  return DumpJson(doc, 2) + "\n";
}

bool ParseBaseline(const std::string& file, std::string_view content,
                   Baseline* baseline, Diagnostic* error) {
  json doc;
  try {
    doc = json::parse(content);
  } catch (const json::parse_error& e) {
    *error = Problem(file, LineAt(content, e.byte > 0 ? e.byte - 1 : 0),
                     "not a baseline file: invalid JSON");
    return false;
  } catch (const json::out_of_range& e) {
    // A number too large for a double ("1e400"): nlohmann names it in quotes.
    std::string what = e.what();
    size_t open = what.find('\''), close = what.rfind('\'');
    std::string number =
        open < close ? what.substr(open + 1, close - open - 1) : std::string();
    size_t at = number.empty() ? 0 : content.find(number);
    *error =
        Problem(file, LineAt(content, at == content.npos ? 0 : at),
                "not a baseline file: number " + number + " is out of range");
    return false;
  }
  if (!doc.is_object() || !doc.contains("schema") ||
      doc["schema"] != kBaselineSchema) {
    *error =
        Problem(file, 1,
                std::string("not a baseline file: \"schema\" must be \"") +
                    kBaselineSchema + "\" (write one with ampcheck baseline)");
    return false;
  }
  if (!doc.contains("findings") || !doc["findings"].is_array()) {
    *error = Problem(file, 1, "baseline file has no \"findings\" array");
    return false;
  }
  baseline->file = file;
  baseline->entries.clear();
  for (const json& item : doc["findings"]) {
    if (!item.is_object() || !item.contains("identity") ||
        !item["identity"].is_string()) {
      *error = Problem(file, 1, "every baseline entry needs an \"identity\"");
      return false;
    }
    BaselineEntry entry;
    entry.identity = item["identity"].get<std::string>();
    entry.line = EntryLine(content, entry.identity);
    // Each optional field has its type; a wrong one names the field.
    auto wrong = [&](const char* field, const std::string& expected) {
      *error = Problem(
          file, entry.line,
          fmt::format("baseline entry field \"{}\": {}", field, expected));
      return false;
    };
    std::string file = entry.location.file;
    for (auto [field, text] :
         {std::pair{"check", &entry.check},
          std::pair{"message", &entry.message}, std::pair{"file", &file}}) {
      if (!item.contains(field)) continue;
      if (!item[field].is_string())
        return wrong(field, "expected a string, got " + DumpJson(item[field]));
      *text = item[field].get<std::string>();
    }
    entry.location.file = file;
    if (item.contains("line")) {
      std::string reason;
      auto line = JsonInteger(item["line"], 0, std::numeric_limits<int>::max(),
                              &reason);
      if (!line) return wrong("line", reason);
      entry.location.line = static_cast<int>(*line);
    }
    baseline->entries.push_back(std::move(entry));
  }
  return true;
}

void ReconcileAccepted(const Baseline* baseline,
                       const std::set<std::string>& disabled_checks,
                       Model* model, Analysis* analysis) {
  if (baseline) {
    // Every finding, accepted or not, counts as a match for staleness. A
    // baseline written before findings were grouped by cause names calls
    // and paths: those match the cause that lists them.
    const AnalysisContext context(*model, analysis->graph);
    std::set<std::string> seen;
    auto see = [&](const Finding& f) {
      for (std::string& identity : Identities(context, f))
        seen.insert(std::move(identity));
    };
    for (const Finding& f : analysis->findings) see(f);
    for (const auto& [f, s] : analysis->suppressed) see(f);
    std::map<std::string, const BaselineEntry*> accepted;
    for (const BaselineEntry& e : baseline->entries)
      accepted.emplace(e.identity, &e);
    std::vector<Finding> remaining;
    for (Finding& f : analysis->findings) {
      const BaselineEntry* entry = nullptr;
      for (const std::string& identity : Identities(context, f)) {
        if (auto it = accepted.find(identity); it != accepted.end()) {
          entry = it->second;
          break;
        }
      }
      if (entry) {
        Suppression by_baseline{std::string(f.check),
                                "",
                                "accepted in baseline",
                                {baseline->file, entry->line}};
        analysis->suppressed.emplace_back(std::move(f), by_baseline);
      } else {
        remaining.push_back(std::move(f));
      }
    }
    analysis->findings = std::move(remaining);
    for (const BaselineEntry& e : baseline->entries) {
      if (seen.count(e.identity) || disabled_checks.count(e.check)) continue;
      model->diagnostics.push_back(
          {{baseline->file, e.line},
           "stale baseline entry: " + e.check + " (" + e.message +
               ") matches no finding any more; remove it or run ampcheck "
               "baseline again",
           Severity::kWarning});
    }
  }

  for (const Suppression& s : model->suppressions) {
    if (disabled_checks.count(s.check)) continue;
    bool used = false;
    for (const auto& [f, by] : analysis->suppressed)
      used = used || by.location == s.location;
    if (used) continue;
    model->diagnostics.push_back(
        {s.location,
         "stale suppression: " + s.check +
             (s.service.empty() ? "" : " on " + s.service) +
             " matches no finding; remove it",
         Severity::kWarning});
  }
}

}  // namespace ampcheck
