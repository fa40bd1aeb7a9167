import { randomBytes } from "node:crypto";
import { isUuid, isUuidV7, uuidV7, uuidV7Generator, uuidV7Time } from "@apar/core";
import test from "ava";

const fixedClock = (ms: number) => ({ now: () => new Date(ms) });

test("uuidV7 lays out time, version, variant and randomness as RFC 9562 says", (t) => {
  const random = Uint8Array.from([0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88, 0x77, 0x66]);
  const id = uuidV7(0x0190f5a47c3b, random);
  // time 0190f5a4-7c3b, version 7 + low nibble of 0xff and 0xee, variant 10 + low 6 bits of 0xdd, rest verbatim.
  t.is(id, "0190f5a4-7c3b-7fee-9dcc-bbaa99887766");
  t.true(isUuid(id));
  t.true(isUuidV7(id));
  t.is(uuidV7Time(id), 0x0190f5a47c3b);
});

test("uuidV7 refuses bad times and too little randomness", (t) => {
  t.throws(() => uuidV7(-1, new Uint8Array(10)), { instanceOf: RangeError });
  t.throws(() => uuidV7(2 ** 48, new Uint8Array(10)), { instanceOf: RangeError });
  t.throws(() => uuidV7(1.5, new Uint8Array(10)), { instanceOf: RangeError });
  t.throws(() => uuidV7(0, new Uint8Array(9)), { instanceOf: RangeError });
});

test("ids made in the same millisecond still sort in creation order", (t) => {
  const ids = uuidV7Generator(fixedClock(1_750_000_000_000), randomBytes);
  const made = Array.from({ length: 1000 }, () => ids.next());
  t.deepEqual([...made].sort(), made);
  t.is(new Set(made).size, made.length);
  t.true(made.every(isUuidV7));
});

test("a clock that steps back does not break the order", (t) => {
  let now = 1_750_000_000_000;
  const ids = uuidV7Generator({ now: () => new Date(now) }, randomBytes);
  const first = ids.next();
  now -= 5_000;
  const second = ids.next();
  t.true(second > first);
  t.is(uuidV7Time(second), 1_750_000_000_000, "keeps the later time");
});

test("the counter rolls into the next millisecond when the random part is exhausted", (t) => {
  const ids = uuidV7Generator(fixedClock(1000), (n) => new Uint8Array(n).fill(0xff));
  const first = ids.next();
  const second = ids.next();
  t.true(second > first);
  t.is(uuidV7Time(first), 1000);
  t.is(uuidV7Time(second), 1001);
});

test("ids from later milliseconds sort later whatever their random bits", (t) => {
  let now = 1000;
  let fill = 0xff;
  const ids = uuidV7Generator({ now: () => new Date(now) }, (n) => new Uint8Array(n).fill(fill));
  const a = ids.next();
  now += 1;
  fill = 0x00;
  const b = ids.next();
  t.true(b > a);
});

test("isUuid and isUuidV7 tell versions apart", (t) => {
  t.true(isUuid("123e4567-e89b-42d3-a456-426614174000"));
  t.false(isUuidV7("123e4567-e89b-42d3-a456-426614174000"));
  t.false(isUuid("nope"));
  t.false(isUuidV7(42));
});

test("isUuid accepts exactly the 8-4-4-4-12 hex form, either case", (t) => {
  // The form written out: 36 characters, hyphens at 8, 13, 18 and 23, hex digits of either case elsewhere.
  const hyphens = new Set([8, 13, 18, 23]);
  const pattern = {
    test: (s: string) =>
      s.length === 36 && [...s].every((ch, i) => (hyphens.has(i) ? ch === "-" : "0123456789abcdefABCDEF".includes(ch))),
  };
  const base = "0192f0e4-7c3a-7def-8abc-0123456789ab";
  const samples = [base, base.toUpperCase(), `${base} `, base.slice(1), `${base}0`, base.replaceAll("-", "")];
  // Every position replaced by each of a set of characters: hex of both cases, the hyphen, and neighbours of the ranges.
  for (let i = 0; i < base.length; i++)
    for (const c of ["0", "9", "a", "f", "A", "F", "g", "G", "-", "/", ":", "@", "`", " "])
      samples.push(`${base.slice(0, i)}${c}${base.slice(i + 1)}`);
  for (const s of samples) t.is(isUuid(s), pattern.test(s), s);
  for (const u of [undefined, null, 42, {}]) t.false(isUuid(u));
});
