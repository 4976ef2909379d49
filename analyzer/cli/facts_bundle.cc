#include "analyzer/cli/facts_bundle.h"

#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "analyzer/base/json_dump.h"
#include "analyzer/base/json_integer.h"
#include "analyzer/facts/facts_json.h"

namespace ampcheck {

using nlohmann::json;

void WriteBundle(const FactsBundle& bundle, std::ostream& out) {
  json header = {
      {"schema", kFactsSchema},
      {"shard", {{"index", bundle.shard_index}, {"count", bundle.shard_count}}},
      {"fleet", bundle.fleet},
      {"roots", bundle.roots},
      {"files", bundle.files},
      {"skipped", bundle.skipped}};
  if (bundle.policy_content) {
    header["policy"] = {{"file", bundle.policy_file},
                        {"content", *bundle.policy_content}};
  }
  header["diagnostics"] = json::array();
  for (const Diagnostic& d : bundle.diagnostics)
    header["diagnostics"].push_back(DiagnosticToJson(d));
  std::string text = DumpJson(header);
  text.pop_back();  // the closing brace: "facts" follows
  out << text << ",\"facts\":[";
  for (size_t i = 0; i < bundle.facts.size(); ++i) {
    out << (i == 0 ? "\n" : ",\n")
        << DumpJson(FileFactsToJson(bundle.facts[i]));
  }
  out << "\n]}\n";
}

namespace {

// A field of the bundle that is not what a facts file holds.
struct FieldError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace

bool ReadBundle(const std::string& file, const std::string& text,
                FactsBundle* bundle, std::string* error) {
  json in = json::parse(text, nullptr, false);
  if (in.is_discarded() || !in.is_object()) {
    *error = file + ": not a JSON facts file";
    return false;
  }
  if (!in.contains("schema") || !in["schema"].is_string() ||
      in["schema"].get<std::string>() != kFactsSchema) {
    std::string schema = !in.contains("schema") ? "absent"
                         : in["schema"].is_string()
                             ? "'" + in["schema"].get<std::string>() + "'"
                             : DumpJson(in["schema"]);
    *error =
        file + ": schema is " + schema + ", expected '" + kFactsSchema + "'";
    return false;
  }
  // Counts are checked integers: a corrupt 1e10 is a message, not a cast.
  auto count = [&](const json& value, const std::string& field, int* out) {
    std::string field_error;
    auto n = JsonInteger(value, std::numeric_limits<int>::min(),
                         std::numeric_limits<int>::max(), &field_error);
    if (!n) throw FieldError(field + ": " + field_error);
    *out = static_cast<int>(*n);
  };
  try {
    *bundle = FactsBundle{};
    count(in.at("shard").at("index"), "shard.index", &bundle->shard_index);
    count(in.at("shard").at("count"), "shard.count", &bundle->shard_count);
    if (bundle->shard_count < 1 || bundle->shard_index < 0 ||
        bundle->shard_index >= bundle->shard_count) {
      *error = file + ": shard " + std::to_string(bundle->shard_index) +
               " of " + std::to_string(bundle->shard_count) + " is not valid";
      return false;
    }
    bundle->fleet = in.at("fleet").get<std::string>();
    bundle->roots = in.at("roots").get<std::vector<std::string>>();
    count(in.at("files"), "files", &bundle->files);
    if (!in.at("skipped").is_object())
      throw FieldError("skipped: expected an object");
    for (const auto& [reason, n] : in.at("skipped").items())
      count(n, "skipped." + reason, &bundle->skipped[reason]);
    if (in.contains("policy")) {
      bundle->policy_file = in["policy"].at("file").get<std::string>();
      bundle->policy_content = in["policy"].at("content").get<std::string>();
    }
    for (const json& d : in.at("diagnostics")) {
      std::string field_error;
      if (!DiagnosticFromJson(d, &bundle->diagnostics.emplace_back(),
                              &field_error)) {
        *error = file + ": diagnostics" + field_error.substr(5);
        return false;
      }
    }
    const json& facts = in.at("facts");
    bundle->facts.resize(facts.size());
    for (size_t i = 0; i < facts.size(); ++i) {
      std::string field_error;
      if (!FileFactsFromJson(facts[i], &bundle->facts[i], &field_error)) {
        // "facts.layers[0].kind: ..." -> "facts[3].layers[0].kind: ..."
        *error =
            file + ": facts[" + std::to_string(i) + "]" + field_error.substr(5);
        return false;
      }
    }
  } catch (const FieldError& e) {
    *error = file + ": " + e.what();
    return false;
  } catch (const json::exception& e) {
    *error = file + ": " + e.what();
    return false;
  }
  return true;
}

}  // namespace ampcheck
