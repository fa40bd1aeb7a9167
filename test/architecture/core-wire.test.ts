import test from "ava";
import { linesBreaking, type SourceText, sourceTexts } from "./import-graph.js";

// Core decides no HTTP matters: the route names its operation (`POST /v1/bank-statements`, the idempotency keys'
// place), its status (201) and its paths (`fileUrl`); a use case is given them. A sentence for people may still
// point at a route ("add one with PUT /v1/seller-identity"): only a value that is an operation, a path or a status
// is refused.

const RULES: readonly (readonly [RegExp, string])[] = [
  [/["'`](?:GET|POST|PUT|PATCH|DELETE) \//, "names an HTTP operation"],
  [/["'`]\/v1\//, "names an API path"],
  [/\b(?:status|statusCode|httpStatus)\s*:\s*[1-5]\d\d\b/, "names an HTTP status"],
];

/** Every line of core's code (comments aside) that names an HTTP operation, an API path or a status. */
const wireMattersIn = (files: readonly SourceText[]): string[] => linesBreaking(files, RULES);

test("core names no HTTP operation, API path or status: the adapters give them", (t) => {
  t.deepEqual(wireMattersIn(sourceTexts("core/src")), []);
});

test("the wire rule can fail: an operation name, a path and a status are each reported, comments and prose are not", (t) => {
  const text = [
    "/** Imports a statement (POST /v1/bank-statements, 201). */",
    'const STATEMENT_PAYMENTS = "POST /v1/bank-statements";',
    "const place = { operation: STATEMENT_PAYMENTS, status: 201 };",
    "  fileUrl: `/v1/accounting/exports/` + id,",
    'notFound("SellerIdentity.NotSet", "Set it first (PUT /v1/seller-identity).");',
    "// the route answers status: 202",
  ].join("\n");
  t.deepEqual(wireMattersIn([{ path: "core/src/app/x.ts", text }]), [
    "core/src/app/x.ts:2: names an HTTP operation",
    "core/src/app/x.ts:3: names an HTTP status",
    "core/src/app/x.ts:4: names an API path",
  ]);
});
