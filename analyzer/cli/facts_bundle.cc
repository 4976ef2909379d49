#include "analyzer/cli/facts_bundle.h"

#include <nlohmann/json.hpp>

#include "analyzer/base/json_dump.h"
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

bool ReadBundle(const std::string& file, const std::string& text,
                FactsBundle* bundle, std::string* error) {
  json in = json::parse(text, nullptr, false);
  if (in.is_discarded() || !in.is_object()) {
    *error = file + ": not a JSON facts file";
    return false;
  }
  if (in.value("schema", "") != kFactsSchema) {
    *error = file + ": schema is '" + in.value("schema", "") + "', expected '" +
             kFactsSchema + "'";
    return false;
  }
  try {
    *bundle = FactsBundle{};
    bundle->shard_index = in.at("shard").at("index").get<int>();
    bundle->shard_count = in.at("shard").at("count").get<int>();
    if (bundle->shard_count < 1 || bundle->shard_index < 0 ||
        bundle->shard_index >= bundle->shard_count) {
      *error = file + ": shard " + std::to_string(bundle->shard_index) +
               " of " + std::to_string(bundle->shard_count) + " is not valid";
      return false;
    }
    bundle->fleet = in.at("fleet").get<std::string>();
    bundle->roots = in.at("roots").get<std::vector<std::string>>();
    bundle->files = in.at("files").get<int>();
    bundle->skipped = in.at("skipped").get<std::map<std::string, int>>();
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
  } catch (const json::exception& e) {
    *error = file + ": " + e.what();
    return false;
  }
  return true;
}

}  // namespace ampcheck
