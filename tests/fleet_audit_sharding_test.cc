// Sharded extraction merged by `ampcheck analyze` prints byte for byte what
// one unsharded `ampcheck audit` prints, in every format.
#include <doctest/doctest.h>

#include "tests/fleet_audit_test_support.h"

namespace ampcheck {
namespace {

using testing::ReadText;
using testing::RunAmpcheck;
using testing::ScratchDir;

const std::string kFleet = "fixtures/audit/shop";

// A facts file holds one file's facts per line after the header line.
size_t FactLines(const std::string& text) {
  size_t lines = 0;
  for (size_t at = text.find("\n{"); at != std::string::npos;
       at = text.find("\n{", at + 1))
    ++lines;
  return lines;
}

TEST_CASE("audit: merged shards give the same report as one run") {
  ScratchDir scratch("shards");
  for (const std::string format : {"json", "csv", "html", "text"}) {
    CAPTURE(format);
    auto whole = RunAmpcheck(
        "audit " + kFleet + " --fail-on never --format " + format + " -j 2",
        scratch);
    REQUIRE(whole.exit_code == 0);
    REQUIRE(whole.out.size() > 100);
    for (int count : {1, 3, 7}) {
      CAPTURE(count);
      std::string files;
      for (int i = 0; i < count; ++i) {
        std::string file = scratch / ("facts-" + std::to_string(i) + ".json");
        auto shard =
            RunAmpcheck("extract " + kFleet + " --shard " + std::to_string(i) +
                            "/" + std::to_string(count) + " -o " + file,
                        scratch);
        REQUIRE(shard.exit_code == 0);
        CHECK(shard.err.empty());
        files += " " + file;
      }
      auto merged = RunAmpcheck(
          "analyze" + files + " --fail-on never --format " + format, scratch);
      REQUIRE(merged.exit_code == 0);
      CHECK(merged.out == whole.out);
    }
  }
}

TEST_CASE("audit: every file lands in exactly one shard") {
  ScratchDir scratch("partition");
  size_t total = 0;
  for (int i = 0; i < 4; ++i) {
    std::string file = scratch / ("f" + std::to_string(i) + ".json");
    REQUIRE(RunAmpcheck("extract " + kFleet + " --shard " + std::to_string(i) +
                            "/4 -o " + file,
                        scratch)
                .exit_code == 0);
    std::string text = ReadText(file);
    total += FactLines(text);
  }
  auto whole =
      RunAmpcheck("extract " + kFleet + " -o " + (scratch / "all"), scratch);
  REQUIRE(whole.exit_code == 0);
  size_t expected = FactLines(ReadText(scratch / "all"));
  // README, docs, the policy and vendored code are not read.
  CHECK(expected == 11);
  CHECK(total == expected);
}

TEST_CASE("analyze: a missing, repeated or foreign shard is a usage error") {
  ScratchDir scratch("missing");
  for (int i = 0; i < 3; ++i) {
    REQUIRE(RunAmpcheck("extract " + kFleet + " --shard " + std::to_string(i) +
                            "/3 -o " + (scratch / ("f" + std::to_string(i))),
                        scratch)
                .exit_code == 0);
  }
  auto missing = RunAmpcheck(
      "analyze " + (scratch / "f0") + " " + (scratch / "f2"), scratch);
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "ampcheck: shard 2/3 is missing\n");
  CHECK(missing.out.empty());

  auto twice =
      RunAmpcheck("analyze " + (scratch / "f0") + " " + (scratch / "f1") + " " +
                      (scratch / "f1") + " " + (scratch / "f2"),
                  scratch);
  CHECK(twice.exit_code == 2);
  CHECK(twice.err == "ampcheck: shard 2/3 is given twice\n");

  REQUIRE(RunAmpcheck("extract fixtures/fleets/seed-000-wrapper-x-mesh "
                      "--shard 1/3 -o " +
                          (scratch / "other"),
                      scratch)
              .exit_code == 0);
  auto foreign = RunAmpcheck("analyze " + (scratch / "f0") + " " +
                                 (scratch / "other") + " " + (scratch / "f2"),
                             scratch);
  CHECK(foreign.exit_code == 2);
  CHECK(foreign.err ==
        "ampcheck: shard 2/3 is from another extraction (different inputs, "
        "policy, rules or shard count)\n");

  auto bad = RunAmpcheck("extract " + kFleet + " --shard 3/3", scratch);
  CHECK(bad.exit_code == 2);
  CHECK(bad.err ==
        "ampcheck: --shard 3/3: expected I/N with 0 <= I < N (e.g. 0/4)\n");

  std::ofstream(scratch / "broken.json")
      << "{\"schema\": \"ampcheck/facts/v0\"}";
  auto broken = RunAmpcheck("analyze " + (scratch / "broken.json"), scratch);
  CHECK(broken.exit_code == 2);
  CHECK(broken.err == "ampcheck: " + (scratch / "broken.json") +
                          ": schema is 'ampcheck/facts/v0', expected "
                          "'ampcheck/facts/v1'\n");
}

TEST_CASE(
    "analyze: the policy travels with the facts and --config replaces it") {
  ScratchDir scratch("policy");
  std::string fleet = "fixtures/fleets/seed-000-wrapper-x-mesh";
  REQUIRE(RunAmpcheck("extract " + fleet + " -o " + (scratch / "f"), scratch)
              .exit_code == 0);
  auto scan = RunAmpcheck("audit " + fleet + " --format json", scratch);
  auto merged =
      RunAmpcheck("analyze " + (scratch / "f") + " --format json", scratch);
  CHECK(merged.exit_code == scan.exit_code);
  CHECK(merged.out == scan.out);
  CHECK(merged.out.find("\"origin\": \"shared HTTP wrapper\"") !=
        std::string::npos);

  std::ofstream(scratch / "empty.yaml") << "mesh:\n  istio_version: \"1.21\"\n";
  auto replaced =
      RunAmpcheck("analyze " + (scratch / "f") + " --format json --config " +
                      (scratch / "empty.yaml"),
                  scratch);
  CHECK(replaced.out.find("shared HTTP wrapper") == std::string::npos);
}

}  // namespace
}  // namespace ampcheck
