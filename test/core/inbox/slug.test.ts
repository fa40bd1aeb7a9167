import { RESERVED_SLUGS, SLUG_BASE_MAX, slugFromName, slugWithSuffix } from "@apar/core";
import test from "ava";

test("slugFromName: lower-case ASCII words joined by single hyphens", (t) => {
  t.is(slugFromName("Acme Payables Ltd."), "acme-payables-ltd");
  t.is(slugFromName("  --Müller & Söhne GmbH--  "), "muller-sohne-gmbh");
  t.is(slugFromName("Café  Crème/Brûlée"), "cafe-creme-brulee");
  t.is(slugFromName("ACME_42"), "acme-42");
});

test("slugFromName: a name with no usable character becomes 'company'", (t) => {
  t.is(slugFromName("株式会社"), "company");
  t.is(slugFromName("!!!"), "company");
});

test("slugFromName: cut to the base maximum, never ending in a hyphen", (t) => {
  const slug = slugFromName(`${"a".repeat(SLUG_BASE_MAX - 1)} bcd`);
  t.is(slug, "a".repeat(SLUG_BASE_MAX - 1));
  t.true(slugFromName("x".repeat(500)).length === SLUG_BASE_MAX);
  t.regex(slugFromName("Some Very Long Company Name That Keeps Going On And On Forever"), /^[a-z0-9]+(-[a-z0-9]+)*$/);
});

test("slugWithSuffix: six symbols from bytes, no look-alikes, within 64 octets", (t) => {
  const bytes = Uint8Array.from([0, 31, 32, 255, 8, 14]);
  t.is(
    slugWithSuffix("acme", () => bytes),
    "acme-a9a9iq",
  );
  const long = slugWithSuffix("a".repeat(SLUG_BASE_MAX), (n) => new Uint8Array(n));
  t.true(long.length <= 64);
  t.throws(() => slugWithSuffix("acme", () => new Uint8Array(2)));
});

test("reserved slugs include the mailbox names RFC 2142 asks for", (t) => {
  for (const name of ["postmaster", "abuse", "hostmaster", "webmaster", "noreply"]) t.true(RESERVED_SLUGS.has(name));
});
