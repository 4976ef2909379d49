// Application config files (Spring application*.yml|yaml|properties,
// bootstrap*.yml, MicroProfile microprofile-config.properties, .NET
// appsettings*.json), read as flat key/value properties with their lines.
#ifndef AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_H_
#define AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_H_

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/facts/facts.h"

namespace ampcheck {

// "spring-config", "microprofile-config", "dotnet-config", or "" when the file
// is not application config (by its name).
std::string AppConfigKind(const std::string& path);

// The Spring profile a file name selects ("prod" for application-prod.yml),
// (or the .NET environment: "Development" for appsettings.Development.json),
// or "" for the base file.
std::string ProfileOfFile(const std::string& path);

// Flattens YAML (nested maps joined with '.', sequences as key[i]), .NET
// appsettings JSON (maps and arrays joined with ':', Services:cart:http:0) or
// .properties (key=value, key: value, '#'/'!' comments, '\' continuations).
// YAML documents activated only for a test profile are skipped.
std::vector<ConfigPropertyFact> ParseAppConfig(
    const std::string& path, std::string_view content,
    std::vector<Diagnostic>* diagnostics);

// Spring relaxed binding's canonical form: lower case, '-' and '_' removed,
// so that max-attempts, maxAttempts and max_attempts are one key. Compare
// property keys (and LayerFact::tries_property) in this form.
std::string CanonicalPropertyKey(std::string_view key);

}  // namespace ampcheck

#endif  // AMPCHECK_EXTRACT_APP_CONFIG_APP_CONFIG_H_
