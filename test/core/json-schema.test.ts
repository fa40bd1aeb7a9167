import {
  CurrencyCode,
  closedType,
  DateFromIsoDateTime,
  documented,
  Email,
  IntFromStringOrNumber,
  IsoDate,
  IsoDateTime,
  Limit,
  MoneyAmount,
  NonEmptyTrimmedString,
  toJsonSchema,
  UndescribedCodecError,
  Uuid,
  withSchema,
} from "@apar/core";
import test from "ava";
import * as t from "io-ts";

test("primitives, literals and keyof", (t_) => {
  t_.deepEqual(toJsonSchema(t.string), { type: "string" });
  t_.deepEqual(toJsonSchema(t.number), { type: "number" });
  t_.deepEqual(toJsonSchema(t.boolean), { type: "boolean" });
  t_.deepEqual(toJsonSchema(t.null), { type: "null" });
  t_.deepEqual(toJsonSchema(t.unknown), {});
  t_.deepEqual(toJsonSchema(t.Int), { type: "integer" });
  t_.deepEqual(toJsonSchema(t.literal("Draft")), { type: "string", const: "Draft" });
  t_.deepEqual(toJsonSchema(t.literal(3)), { type: "number", const: 3 });
  t_.deepEqual(toJsonSchema(t.keyof({ Warn: null, Block: null })), { type: "string", enum: ["Warn", "Block"] });
});

test("t.type names its members required, t.partial none; undefined-able members are optional", (t_) => {
  t_.deepEqual(toJsonSchema(t.type({ a: t.string, b: t.union([t.number, t.undefined]) })), {
    type: "object",
    required: ["a"],
    properties: { a: { type: "string" }, b: { type: "number" } },
  });
  t_.deepEqual(toJsonSchema(t.partial({ a: t.string })), { type: "object", properties: { a: { type: "string" } } });
});

test("an intersection of objects is one object; of anything else, allOf", (t_) => {
  const body = t.intersection([t.type({ number: t.string }), t.partial({ note: t.string })]);
  t_.deepEqual(toJsonSchema(body), {
    type: "object",
    required: ["number"],
    properties: { number: { type: "string" }, note: { type: "string" } },
  });
  t_.deepEqual(toJsonSchema(t.intersection([t.type({ a: t.string }), t.array(t.string)])), {
    allOf: [
      { type: "object", required: ["a"], properties: { a: { type: "string" } } },
      { type: "array", items: { type: "string" } },
    ],
  });
});

test("exact and strict close the object; readonly and readonly arrays are their inner schema", (t_) => {
  const closed = {
    type: "object",
    required: ["a"],
    properties: { a: { type: "string" } },
    additionalProperties: false,
  };
  t_.deepEqual(toJsonSchema(t.exact(t.type({ a: t.string }))), closed);
  t_.deepEqual(toJsonSchema(t.strict({ a: t.string })), closed);
  t_.deepEqual(toJsonSchema(t.readonly(t.type({ a: t.string }))), {
    type: "object",
    required: ["a"],
    properties: { a: { type: "string" } },
  });
  t_.deepEqual(toJsonSchema(t.readonlyArray(t.number)), { type: "array", items: { type: "number" } });
  // Only when every part of an intersection is closed is the whole closed.
  t_.false(
    "additionalProperties" in toJsonSchema(t.intersection([t.strict({ a: t.string }), t.partial({ b: t.string })])),
  );
  t_.is(
    toJsonSchema(t.intersection([t.strict({ a: t.string }), t.exact(t.partial({ b: t.string }))])).additionalProperties,
    false,
  );
});

test("unions: literals fold into an enum, nullable adds null to the type, others are anyOf", (t_) => {
  t_.deepEqual(toJsonSchema(t.union([t.literal("a"), t.literal("b")])), { type: "string", enum: ["a", "b"] });
  t_.deepEqual(toJsonSchema(t.union([t.string, t.null])), { type: ["string", "null"] });
  t_.deepEqual(toJsonSchema(t.union([Uuid, t.null])), { type: ["string", "null"], format: "uuid" });
  t_.deepEqual(toJsonSchema(t.union([t.keyof({ Warn: null, Block: null }), t.null])), {
    type: ["string", "null"],
    enum: ["Warn", "Block", null],
  });
  t_.deepEqual(toJsonSchema(t.union([t.literal("x"), t.null])), { type: ["string", "null"], enum: ["x", null] });
  t_.deepEqual(toJsonSchema(t.union([t.string, t.number])), { anyOf: [{ type: "string" }, { type: "number" }] });
  t_.deepEqual(toJsonSchema(t.union([t.string, t.number, t.null])), {
    anyOf: [{ anyOf: [{ type: "string" }, { type: "number" }] }, { type: "null" }],
  });
  t_.deepEqual(toJsonSchema(t.union([t.literal("a"), t.literal(1)])), {
    anyOf: [
      { type: "string", const: "a" },
      { type: "number", const: 1 },
    ],
  });
});

test("records and tuples", (t_) => {
  t_.deepEqual(toJsonSchema(t.record(t.string, t.number)), {
    type: "object",
    additionalProperties: { type: "number" },
  });
  t_.deepEqual(toJsonSchema(t.tuple([t.string, t.number])), {
    type: "array",
    prefixItems: [{ type: "string" }, { type: "number" }],
    minItems: 2,
    maxItems: 2,
  });
});

test("apar's own codecs carry their formats, patterns and lengths", (t_) => {
  t_.deepEqual(toJsonSchema(Uuid), { type: "string", format: "uuid" });
  t_.deepEqual(toJsonSchema(IsoDate), { type: "string", format: "date" });
  t_.deepEqual(toJsonSchema(IsoDateTime), { type: "string", format: "date-time" });
  t_.deepEqual(toJsonSchema(DateFromIsoDateTime), { type: "string", format: "date-time" });
  t_.deepEqual(toJsonSchema(Email), { type: "string", format: "email", maxLength: 254 });
  t_.deepEqual(toJsonSchema(NonEmptyTrimmedString(100)), { type: "string", minLength: 1, maxLength: 100 });
  t_.deepEqual(toJsonSchema(CurrencyCode), { type: "string", pattern: "^[A-Z]{3}$" });
  const money = toJsonSchema(MoneyAmount);
  t_.is(money.type, "string");
  t_.true(new RegExp(money.pattern as string).test("-1234.50"));
  t_.false(new RegExp(money.pattern as string).test("1e3"));
  t_.deepEqual(toJsonSchema(Limit), { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 20 });
  const int = toJsonSchema(IntFromStringOrNumber);
  t_.deepEqual(int.type, ["integer", "string"]);
  t_.true(new RegExp(int.pattern as string).test("-3"));
  t_.false(new RegExp(int.pattern as string).test("2.5"));
});

test("closedType is a closed object of its required and optional members", (t_) => {
  t_.deepEqual(toJsonSchema(closedType({ billId: Uuid }, { note: t.union([t.string, t.null]) })), {
    type: "object",
    required: ["billId"],
    properties: { billId: { type: "string", format: "uuid" }, note: { type: ["string", "null"] } },
    additionalProperties: false,
  });
  t_.deepEqual(toJsonSchema(closedType({}, { a: t.string })), {
    type: "object",
    properties: { a: { type: "string" } },
    additionalProperties: false,
  });
});

test("a brand or refinement is its base type, plus what withSchema attaches", (t_) => {
  interface SkuBrand {
    readonly Sku: unique symbol;
  }
  const Sku = withSchema(
    t.brand(t.string, (s): s is t.Branded<string, SkuBrand> => /^[A-Z0-9-]{1,32}$/.test(s), "Sku"),
    { pattern: "^[A-Z0-9-]{1,32}$", maxLength: 32 },
  );
  t_.deepEqual(toJsonSchema(Sku), { type: "string", pattern: "^[A-Z0-9-]{1,32}$", maxLength: 32 });
  const Line = t.refinement(t.Int, (n) => n >= 1, "Line");
  t_.deepEqual(toJsonSchema(Line), { type: "integer" });
  t_.deepEqual(
    toJsonSchema(
      withSchema(
        t.refinement(t.Int, (n) => n >= 1, "Line2"),
        { minimum: 1 },
      ),
    ),
    {
      type: "integer",
      minimum: 1,
    },
  );
  // An annotation describes that codec only: the unannotated base is unchanged.
  t_.deepEqual(toJsonSchema(t.string), { type: "string" });
});

test("nested bodies: an array of objects with nullable members", (t_) => {
  const Line = t.intersection([
    t.type({ description: NonEmptyTrimmedString(1000), quantity: MoneyAmount }),
    t.partial({ sku: t.union([NonEmptyTrimmedString(100), t.null]) }),
  ]);
  const schema = toJsonSchema(t.type({ lines: t.readonlyArray(Line) }));
  const lines = (schema.properties as Record<string, { items: Record<string, unknown> }>).lines;
  if (lines === undefined) return t_.fail("no lines member");
  t_.deepEqual(lines.items.required, ["description", "quantity"]);
  t_.deepEqual((lines.items.properties as Record<string, unknown>).sku, {
    type: ["string", "null"],
    minLength: 1,
    maxLength: 100,
  });
});

test("a custom codec without a schema is refused by name, not documented as anything", (t_) => {
  const Opaque = new t.Type<string, string, unknown>(
    "Opaque",
    (u): u is string => typeof u === "string",
    (u, c) => (typeof u === "string" ? t.success(u) : t.failure(u, c)),
    (a) => a,
  );
  const error = t_.throws(() => toJsonSchema(t.type({ x: Opaque })), { instanceOf: UndescribedCodecError });
  t_.regex(error?.message ?? "", /Opaque/);
  t_.deepEqual(toJsonSchema(withSchema(Opaque, { type: "string", format: "opaque" })), {
    type: "string",
    format: "opaque",
  });
});

test("a recursive codec is refused, not looped over", (t_) => {
  interface Node {
    readonly children: readonly Node[];
  }
  const Node: t.Type<Node> = t.recursion("Node", () => t.type({ children: t.readonlyArray(Node) }));
  t_.throws(() => toJsonSchema(Node), { instanceOf: UndescribedCodecError });
});

test("documented lays a description or default over a copy, leaving the shared codec as it was", (t_) => {
  const ids = documented(t.readonlyArray(Uuid), { description: "Empty: every supplier." });
  t_.deepEqual(toJsonSchema(ids), {
    type: "array",
    items: { type: "string", format: "uuid" },
    description: "Empty: every supplier.",
  });
  const date = documented(IsoDate, { description: "Inclusive." });
  t_.deepEqual(toJsonSchema(date), { type: "string", format: "date", description: "Inclusive." });
  t_.deepEqual(toJsonSchema(IsoDate), { type: "string", format: "date" });
  t_.deepEqual(date.decode("2026-01-31"), IsoDate.decode("2026-01-31"));
  t_.true(date.decode("2026-02-30")._tag === "Left");
});
