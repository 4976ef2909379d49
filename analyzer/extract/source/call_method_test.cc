#include "analyzer/extract/source/call_method.h"

#include <doctest/doctest.h>

namespace ampcheck {
namespace {

TEST_CASE("call method: explicit methods and verb-named calls") {
  CHECK(MethodNamedIn(
            "req, _ := http.NewRequest(http.MethodPost, url, body)") == "POST");
  CHECK(MethodNamedIn("http.NewRequestWithContext(ctx, \"PATCH\", u, nil)") ==
        "PATCH");
  CHECK(MethodNamedIn("await _http.PostAsJsonAsync(\"/charge\", order);") ==
        "POST");
  CHECK(MethodNamedIn("requests.post(os.environ['PAYMENTS_URL'], json=o)") ==
        "POST");
  CHECK(MethodNamedIn("axios.patch<Order>(`${base}/orders`, o)") == "PATCH");
  CHECK(MethodNamedIn("rest.postForObject(url + \"/pay\", o, R.class)") ==
        "POST");
  CHECK(MethodNamedIn("fetch(url, { method: 'POST', body })") == "POST");
  CHECK(MethodNamedIn("client.exchange(url, HttpMethod.PUT, e, R.class)") ==
        "PUT");
  CHECK(MethodNamedIn("HttpRequest.newBuilder(uri).POST(body).build()") ==
        "POST");
  CHECK(MethodNamedIn("resp, err := http.Get(base + \"/items\")") == "GET");
  // The non-idempotent one wins: it is the one a retry applies twice.
  CHECK(MethodNamedIn("c.get(k); http.Post(u, \"application/json\", b)") ==
        "POST");
  CHECK(MethodNamedIn("url := os.Getenv(\"ORDERS_URL\")") == "");
  // A word that only contains a verb is no call.
  CHECK(MethodNamedIn("poster(url); repost(x); .postal(") == "");
}

TEST_CASE("call method: declarative clients") {
  CHECK(DeclaredClientMethod(
            "@RequestLine(\"POST /charge\")\nR charge(O o);") == "POST");
  CHECK(DeclaredClientMethod(
            "@GetMapping(\"/a\") A a();\n@PatchMapping(\"/b\")") == "PATCH");
  CHECK(DeclaredClientMethod("@GET\n@Path(\"/x\")") == "GET");
  CHECK(DeclaredClientMethod("interface Plain { void run(); }") == "");
}

TEST_CASE("call method: idempotency keys") {
  CHECK(SendsIdempotencyKey("req.Header.Set(\"Idempotency-Key\", id)"));
  CHECK(SendsIdempotencyKey("headers.Add(\"x-requestid\", id)"));
  CHECK_FALSE(SendsIdempotencyKey("req.Header.Set(\"X-Trace\", id)"));
}

TEST_CASE(
    "call method: a site takes its statement's method, else its "
    "function's only one") {
  std::string code =
      "func charge(o Order) {\n"                        // 1
      "  url := os.Getenv(\"PAY_URL\")\n"               // 2
      "  req.Header.Set(\"Idempotency-Key\", o.ID)\n"   // 3
      "  http.Post(url, \"json\", body)\n"              // 4
      "}\n"                                             // 5
      "func list() {\n"                                 // 6
      "  http.Get(os.Getenv(\"ITEMS_URL\"))\n"          // 7
      "  http.Post(os.Getenv(\"X_URL\"), \"\", nil)\n"  // 8
      "}\n";
  std::vector<CallSiteFact> sites(3);
  sites[0].target = {TargetKind::kEnv, "PAY_URL", ""};
  sites[0].location = {"a.go", 2};
  sites[0].scope = {"", "charge", 1, 5, 2, 2};
  sites[1].target = {TargetKind::kEnv, "ITEMS_URL", ""};
  sites[1].location = {"a.go", 7};
  sites[1].scope = {"", "list", 6, 9, 7, 7};
  sites[2].target = {TargetKind::kEnv, "X_URL", ""};
  sites[2].location = {"a.go", 8};
  sites[2].scope = {"", "list", 6, 9, 8, 8};
  AnnotateCallMethods(LineIndex(code), 0, &sites);
  CHECK(sites[0].method == "POST");
  CHECK(sites[0].idempotency_key);
  CHECK(sites[1].method == "GET");
  CHECK_FALSE(sites[1].idempotency_key);
  CHECK(sites[2].method == "POST");
}

TEST_CASE("call method: a gRPC channel is an HTTP/2 POST, said so") {
  std::string code =
      "func dial() {\n"                         // 1
      "  grpc.NewClient(\"payments:50051\")\n"  // 2
      "  http.Get(os.Getenv(\"ITEMS_URL\"))\n"  // 3
      "}\n";
  std::vector<CallSiteFact> sites(2);
  sites[0].target = {TargetKind::kHost, "payments:50051", ""};
  sites[0].location = {"a.go", 2};
  sites[0].detail = "grpc-go (go-grpc-target-call-site)";
  sites[1].target = {TargetKind::kEnv, "ITEMS_URL", ""};
  sites[1].location = {"a.go", 3};
  sites[1].detail = "net/http (go-net-http-call-site)";
  AnnotateCallMethods(LineIndex(code), 0, &sites);
  CHECK(sites[0].method == "POST");
  CHECK(sites[0].method_note ==
        "gRPC: every call is an HTTP/2 POST, and no method is declared "
        "idempotent (.proto files are not read)");
  CHECK(sites[1].method == "GET");
  CHECK(sites[1].method_note.empty());
}

}  // namespace
}  // namespace ampcheck
