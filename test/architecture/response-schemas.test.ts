import test from "ava";
import { linesBreaking, type SourceText, sourceTexts } from "./import-graph.js";

// An answer is stated once: as the view codec beside its view function (in core where the view is core's), with
// the document's schema generated from it (`toJsonSchema(View)`, lists `listSchema(View)`, form bodies `formBody`).
// An object schema written by hand in adapters or host is a second statement nothing checks against the view, so
// this test refuses one: a `type: "object"` or an object schema's `properties: {` / `required: [` in code.

const RULES: readonly (readonly [RegExp, string])[] = [
  [/\btype\s*:\s*(?:\[\s*)?["'`]object["'`]/, 'writes `type: "object"`'],
  [/\b(?:properties|required)\s*:\s*[[{]/, "writes an object schema's members"],
];

/** Every line (comments aside) of the given files that writes an object schema by hand. */
const handWrittenSchemas = (files: readonly SourceText[]): string[] => linesBreaking(files, RULES);

test("adapters and host write no object schema by hand: every one is generated from a codec", (t) => {
  const files = [...sourceTexts("adapters/src"), ...sourceTexts("host/src")];
  t.true(files.length > 100);
  t.deepEqual(handWrittenSchemas(files), []);
});

test("the rule can fail: a hand-written response schema, its members and a nullable object are each reported", (t) => {
  const text = [
    '/** A company, as `{ type: "object" }` said before it was a codec. */',
    "const COMPANY_SCHEMA = {",
    '  type: "object",',
    '  required: ["id"],',
    "  properties: { id: S.uuid },",
    "};",
    'const MATCH = { type: ["object", "null"] };',
    "const GENERATED = toJsonSchema(CompanyView);",
    "const LIST = listSchema(CompanyView);",
  ].join("\n");
  t.deepEqual(handWrittenSchemas([{ path: "x.ts", text }]), [
    'x.ts:3: writes `type: "object"`',
    "x.ts:4: writes an object schema's members",
    "x.ts:5: writes an object schema's members",
    'x.ts:7: writes `type: "object"`',
  ]);
});
