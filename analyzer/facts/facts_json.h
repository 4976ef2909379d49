// Facts as JSON: the format of the extraction cache and of shard files
// (schema ampcheck/facts/v1). Writing then reading gives back the same facts,
// field for field; fields at their default value are left out.
#ifndef AMPCHECK_FACTS_FACTS_JSON_H_
#define AMPCHECK_FACTS_FACTS_JSON_H_

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "analyzer/base/layer.h"
#include "analyzer/facts/facts.h"

namespace ampcheck {

inline constexpr const char* kFactsSchema = "ampcheck/facts/v1";

nlohmann::json LayerToJson(const Layer& layer);
nlohmann::json FileFactsToJson(const FileFacts& facts);
nlohmann::json DiagnosticToJson(const Diagnostic& diagnostic);

// Every Location in the facts, found through the same field lists as the
// JSON (so a new field is never missed).
void ForEachLocation(FileFacts& facts,
                     const std::function<void(Location&)>& visit);

// Reads what FileFactsToJson wrote. False, with *error naming the field,
// when the document does not have the expected shape.
bool LayerFromJson(const nlohmann::json& in, Layer* layer, std::string* error);
bool FileFactsFromJson(const nlohmann::json& in, FileFacts* facts,
                       std::string* error);
bool DiagnosticFromJson(const nlohmann::json& in, Diagnostic* diagnostic,
                        std::string* error);

}  // namespace ampcheck

#endif  // AMPCHECK_FACTS_FACTS_JSON_H_
