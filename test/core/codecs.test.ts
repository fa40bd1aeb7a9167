import {
  closedType,
  DateFromIsoDateTime,
  decode,
  Email,
  IntFromStringOrNumber,
  IsoDate,
  IsoDateTime,
  Limit,
  limitParam,
  MoneyAmount,
  NonEmptyTrimmedString,
  toFieldErrors,
  Uuid,
} from "@apar/core";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import * as io from "io-ts";

const ok = <A>(v: E.Either<unknown, A>): A => {
  if (E.isLeft(v)) throw new Error(`expected a value, got ${JSON.stringify(v.left)}`);
  return v.right;
};

test("IntFromStringOrNumber accepts int32 numbers and optional-minus integer strings", (t) => {
  t.is(ok(IntFromStringOrNumber.decode(20)), 20);
  t.is(ok(IntFromStringOrNumber.decode("20")), 20);
  t.is(ok(IntFromStringOrNumber.decode("-3")), -3);
  t.is(ok(IntFromStringOrNumber.decode("007")), 7);
  t.is(Object.is(ok(IntFromStringOrNumber.decode("-0")), 0), true, "-0 becomes 0");
  t.is(ok(IntFromStringOrNumber.decode("2147483647")), 2147483647);
  t.is(ok(IntFromStringOrNumber.decode(-2147483648)), -2147483648);
});

test("IntFromStringOrNumber rejects what is not an int32", (t) => {
  for (const bad of [
    "2.5",
    2.5,
    "1e3",
    " 20",
    "20 ",
    "",
    "+5",
    "0x10",
    "2147483648",
    2147483648,
    "-2147483649",
    "99999999999999999999",
    Number.NaN,
    null,
    true,
    [],
  ]) {
    t.true(E.isLeft(IntFromStringOrNumber.decode(bad)), `accepted ${JSON.stringify(bad)}`);
  }
});

test("Limit is 1..100 with default 20, given as number or string", (t) => {
  t.is(ok(Limit.decode(undefined)), 20);
  t.is(ok(Limit.decode("")), 20);
  t.is(ok(Limit.decode("100")), 100);
  t.is(ok(Limit.decode(1)), 1);
  for (const bad of [0, "0", 101, "101", "-1", "abc", "2.5"]) t.true(E.isLeft(Limit.decode(bad)), String(bad));
  t.is(ok(limitParam(1, 50, 50).decode(undefined)), 50);
  const errors = decode(io.type({ Limit }), { Limit: "500" }, "query");
  t.deepEqual(E.isLeft(errors) ? errors.left.errors : [], [
    { field: "Limit", code: "range", message: "Limit must be between 1 and 100" },
  ]);
});

test("Uuid accepts any version and lower-cases", (t) => {
  t.is(ok(Uuid.decode("0190F5A4-7C3B-7D2E-9F1A-0123456789AB")), "0190f5a4-7c3b-7d2e-9f1a-0123456789ab");
  t.is(ok(Uuid.decode("123e4567-e89b-42d3-a456-426614174000")), "123e4567-e89b-42d3-a456-426614174000");
  for (const bad of ["", "not-a-uuid", "123e4567e89b42d3a456426614174000", "123e4567-e89b-42d3-a456-42661417400g", 1]) {
    t.true(E.isLeft(Uuid.decode(bad)), String(bad));
  }
});

test("IsoDate accepts real calendar dates only", (t) => {
  for (const good of ["2026-01-31", "2024-02-29", "2000-02-29", "0001-01-01"])
    t.true(E.isRight(IsoDate.decode(good)), good);
  for (const bad of [
    "2026-02-29",
    "1900-02-29",
    "2026-13-01",
    "2026-04-31",
    "2026-1-5",
    "2026-01-31T00:00:00Z",
    "20260131",
    "0000-01-01",
    "",
  ]) {
    t.true(E.isLeft(IsoDate.decode(bad)), bad);
  }
});

test("IsoDateTime needs a zone and a real instant", (t) => {
  for (const good of [
    "2026-01-31T09:30:00Z",
    "2026-01-31T09:30:00.123Z",
    "2026-01-31T09:30:00+02:00",
    "2024-02-29T23:59:59-05:30",
  ]) {
    t.true(E.isRight(IsoDateTime.decode(good)), good);
  }
  for (const bad of [
    "2026-01-31T09:30:00",
    "2026-01-31",
    "2026-02-30T09:30:00Z",
    "2026-01-31T24:00:00Z",
    "2026-01-31T09:60:00Z",
    "2026-01-31 09:30:00Z",
    "2026-01-31T09:30:00+25:00",
    0,
  ]) {
    t.true(E.isLeft(IsoDateTime.decode(bad)), String(bad));
  }
  const date = ok(DateFromIsoDateTime.decode("2026-01-31T10:30:00+01:00"));
  t.is(DateFromIsoDateTime.encode(date), "2026-01-31T09:30:00.000Z");
});

test("NonEmptyTrimmedString trims, refuses empty and counts characters", (t) => {
  const Name = NonEmptyTrimmedString(5);
  t.is(ok(Name.decode("  abc ")), "abc");
  t.is(ok(Name.decode("ääääå")), "ääääå");
  t.is(ok(Name.decode("😀😀😀😀😀")), "😀😀😀😀😀", "five emoji are five characters");
  for (const bad of ["", "   ", "abcdef", 5, null]) t.true(E.isLeft(Name.decode(bad)), String(bad));
});

test("Email trims and lower-cases plausible addresses", (t) => {
  t.is(ok(Email.decode(" Ada@Example.COM ")), "ada@example.com");
  for (const bad of [
    "ada",
    "ada@",
    "@example.com",
    "ada@example",
    "a da@example.com",
    "ada@@example.com",
    `${"a".repeat(65)}@example.com`,
    "",
  ]) {
    t.true(E.isLeft(Email.decode(bad)), bad);
  }
});

const Body = io.type({
  name: NonEmptyTrimmedString(50),
  email: Email,
  note: io.union([io.string, io.null]),
  status: io.keyof({ Open: null, Closed: null }),
  lines: io.array(io.type({ amount: MoneyAmount, quantity: io.number })),
});

test("decode turns io-ts errors into one human FieldError per dotted field", (t) => {
  const result = decode(Body, {
    name: "   ",
    note: 5,
    status: "Pending",
    lines: [
      { amount: "1.00", quantity: 1 },
      { amount: 1.5, quantity: "2" },
    ],
  });
  if (E.isRight(result)) return t.fail("decoded a bad body");
  t.is(result.left.kind, "BadRequest");
  t.is(result.left.code, "Request.Invalid");
  t.deepEqual(result.left.errors, [
    { field: "name", code: "empty", message: "name must not be empty" },
    { field: "email", code: "required", message: "email is required" },
    { field: "note", code: "invalid", message: "note must be a string or null" },
    { field: "status", code: "invalid", message: "status must be one of Open, Closed" },
    {
      field: "lines.1.amount",
      code: "amount",
      message: 'lines.1.amount must be a decimal amount written as a string, such as "12.50"',
    },
    { field: "lines.1.quantity", code: "invalid", message: "lines.1.quantity must be a number" },
  ]);
});

test("a wrong root value is reported at the root name", (t) => {
  t.deepEqual(toFieldErrors(ok(E.swap(Body.decode("nope"))), "body"), [
    { field: "body", code: "invalid", message: "body must be an object" },
  ]);
});

test("a nullable object with a wrong member name reports the member, not that the object must be null", (t) => {
  const Holder = closedType({}, { bank: io.union([closedType({}, { iban: io.string }), io.null]) });
  const result = decode(Holder, { bank: { ibna: "DE89" } });
  t.deepEqual(E.isLeft(result) ? result.left.errors : [], [
    { field: "bank.ibna", code: "unknown_field", message: "bank.ibna is not a known field" },
  ]);
  // Neither an object nor null: the union still says what it takes.
  const wrong = decode(Holder, { bank: "DE89" });
  t.deepEqual(E.isLeft(wrong) ? (wrong.left.errors ?? []).map((e) => e.field) : [], ["bank"]);
});

test("decode passes a good value through", (t) => {
  const value = ok(decode(Body, { name: " Ada ", email: "a@b.co", note: null, status: "Open", lines: [] }));
  t.is(value.name, "Ada");
});

test("closedType refuses members it does not name", (t) => {
  const Closed = closedType({ id: io.string }, { note: io.string });
  t.true(E.isRight(Closed.decode({ id: "a" })));
  t.true(E.isRight(Closed.decode({ id: "a", note: "n" })));
  t.false(Closed.is({ id: "a", extra: 1 }));
  const result = decode(Closed, { id: "a", extra: 1 });
  t.deepEqual(E.isLeft(result) ? result.left.errors : [], [
    { field: "extra", code: "unknown_field", message: "extra is not a known field" },
  ]);
});

test("closedType keeps what its member codecs decode, required and optional", (t) => {
  const Pair = closedType({ id: Uuid }, { other: Uuid, name: NonEmptyTrimmedString(10) });
  const upper = "0190F5A4-7C3B-7FEE-9DCC-BBAA99887766";
  const lower = upper.toLowerCase();
  t.deepEqual(ok(Pair.decode({ id: upper, other: upper, name: " a " })), { id: lower, other: lower, name: "a" });
  t.deepEqual(ok(Pair.decode({ id: upper })), { id: lower });
  const result = decode(Pair, "nope");
  t.deepEqual(E.isLeft(result) ? result.left.errors : [], [
    { field: "body", code: "invalid", message: "body must be an object" },
  ]);
});
