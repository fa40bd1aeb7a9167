import { BooleanParam, decodeQuery, enumParam, IsoDate, QueryText } from "@apar/core";
import { auditFilterOf } from "@apar/core/app";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const query = (values: Record<string, string>) => ({ get: (name: string) => values[name] });

const PARAMS = {
  state: { codec: enumParam(["Open", "Closed"], "State") },
  from: { codec: IsoDate, required: true },
  matched: { codec: BooleanParam },
  q: { codec: QueryText(5) },
} as const;

test("decodeQuery: the given parameters decoded, absent and blank ones left out", (t) => {
  t.deepEqual(
    decodeQuery(PARAMS, query({ from: "2026-01-31", matched: "false", q: "  " })),
    E.right({
      from: "2026-01-31",
      matched: false,
    }),
  );
  t.deepEqual(
    decodeQuery(PARAMS, query({ from: "2026-01-31", state: "Open", q: " ab " })),
    E.right({
      from: "2026-01-31",
      state: "Open",
      q: "ab",
    }),
  );
});

test("decodeQuery: one Request.Invalid naming every bad parameter, a missing required one as required", (t) => {
  const decoded = decodeQuery(PARAMS, query({ state: "Shut", matched: "yes", q: "abcdef" }));
  if (E.isRight(decoded)) return t.fail("expected a problem");
  t.is(decoded.left.code, "Request.Invalid");
  t.deepEqual(
    decoded.left.errors?.map((e) => [e.field, e.code]),
    [
      ["state", "enum"],
      ["from", "required"],
      ["matched", "boolean"],
      ["q", "invalid"],
    ],
  );
});

test("BooleanParam is exactly true or false", (t) => {
  t.deepEqual(BooleanParam.decode("true"), E.right(true));
  t.deepEqual(BooleanParam.decode("false"), E.right(false));
  for (const bad of ["1", "TRUE", "", "yes"]) t.true(E.isLeft(BooleanParam.decode(bad)), bad);
});

test("auditFilterOf trims, leaves blanks out, caps lengths and reads dates or date-times with a zone", (t) => {
  t.deepEqual(
    auditFilterOf(query({ actorType: " user ", resourceId: "", from: "2026-03-01", to: "2026-03-02T10:00:00+01:00" })),
    E.right({
      actorType: "user",
      from: new Date("2026-03-01T00:00:00.000Z"),
      to: new Date("2026-03-02T09:00:00.000Z"),
    }),
  );
  const bad = auditFilterOf(query({ actorType: "robot", actorId: "x".repeat(65), from: "2026-03-02T10:00:00" }));
  if (E.isRight(bad)) return t.fail("expected a problem");
  t.deepEqual(
    bad.left.errors?.map((e) => [e.field, e.code]),
    [
      ["actorType", "invalid"],
      ["actorId", "invalid"],
      ["from", "date_time"],
    ],
  );
});
