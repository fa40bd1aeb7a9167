import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gatewayMatcher, gatewayVerdicts } from "@apar/adapters/mail/inbound/index";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { loadConfig } from "../../../host/src/config.js";
import { ROOT } from "../../helpers/host-process.js";

const FIXTURES = join(ROOT, "fixtures/email-auth");
const messageOf = (file: string) => readFileSync(join(FIXTURES, file));

const manifest = JSON.parse(readFileSync(join(FIXTURES, "dkim-manifest.json"), "utf8")) as {
  readonly dmarc_expectations_from_authheaders_tests: readonly { readonly file: string; readonly expected: string }[];
};

/** The suite's messages a gateway would let through: an aligned DKIM pass (and, where it judged it, DMARC pass). */
const PASSING = new Set(["authheaders/test.message_signed", "authheaders/testcomma.message"]);

// The authheaders suite's real Authentication-Results, as a gateway with authserv-id example.com writes them,
// on top of each message (which carries an older field of lists.example.org, a stranger here).
for (const [i, entry] of manifest.dmarc_expectations_from_authheaders_tests.entries()) {
  test(`gateway results ${i}: ${entry.file}`, (t) => {
    const raw = Buffer.concat([Buffer.from(`${entry.expected}\r\n`), messageOf(entry.file)]);
    const auth = gatewayVerdicts(raw, ["example.com"], "192.0.2.25");
    if (auth === undefined) return t.fail("the gateway's field was not read");
    t.deepEqual(auth.seen.checkedBy, { gateway: "192.0.2.25" });
    t.is(auth.passed, PASSING.has(entry.file), entry.expected);
    t.is(auth.authResult, PASSING.has(entry.file) ? "Pass" : "Fail");
    t.is(auth.dkimResult, PASSING.has(entry.file) ? "Pass" : "Fail");
    t.is(auth.spfResult, "Unknown", "the suite's gateway did not check SPF");
    t.is(auth.seen.dmarc, /dmarc=(\w+)/.exec(entry.expected)?.[1] ?? "none");
    t.is(
      auth.seen.dkim.length,
      entry.expected.split("dkim=").length - 1,
      "every signature the gateway reported, and none of lists.example.org's",
    );
  });
}

test("a field under another authserv-id is ignored (RFC 8601 section 5)", (t) => {
  // test.message carries `Authentication-Results: lists.example.org; ... dkim=pass ... dmarc=pass`.
  const raw = messageOf("authheaders/test.message");
  t.is(gatewayVerdicts(raw, ["example.com"], "192.0.2.25"), undefined);
  t.is(gatewayVerdicts(raw, ["mx.example.com", "lists.example"], "192.0.2.25"), undefined);
  t.true(gatewayVerdicts(raw, ["Lists.Example.ORG"], "192.0.2.25")?.passed, "ids compare case-insensitively");
});

test("a real gateway's results: mx.google.com's DKIM and SPF pass for ekiri.ee", (t) => {
  const auth = gatewayVerdicts(messageOf("mailauth/authtest.eml"), ["mx.google.com"], "209.85.220.41");
  t.like(auth, { passed: true, authResult: "Pass", dkimResult: "Pass", spfResult: "Pass" });
  t.like(auth?.seen, { fromDomain: "ekiri.ee", spfDomain: "ekiri.ee", spfAligned: true });
  t.deepEqual(auth?.seen.dkim, [{ domain: "ekiri.ee", result: "pass", aligned: true }]);
});

test("a forwarded message: the gateway's DKIM pass decides, its ARC verdict is recorded", (t) => {
  const raw = messageOf("mailauth/arc-pass.eml");
  const auth = gatewayVerdicts(raw, ["mx.google.com"], "209.85.220.41");
  t.like(auth, { passed: true, dkimResult: "Pass", spfResult: "Unknown" });
  t.like(auth?.seen, { arc: "pass", spf: "neutral", spfAligned: false });
  // Without its Authentication-Results, the ARC-Authentication-Results in the gateway's name count for nothing:
  // a sender could have written them.
  const arcOnly = Buffer.from(
    raw.toString("latin1").replace(/^Authentication-Results:[^\n]*\n(?:[ \t][^\n]*\n)*/gm, ""),
    "latin1",
  );
  t.notRegex(arcOnly.toString("latin1"), /^Authentication-Results:/m);
  t.regex(arcOnly.toString("latin1"), /^ARC-Authentication-Results: i=2; mx\.google\.com;/m);
  t.is(gatewayVerdicts(arcOnly, ["mx.google.com"], "209.85.220.41"), undefined);
});

test("a DMARC pass for another domain than the From domain does not count", (t) => {
  const raw = Buffer.from(
    "Authentication-Results: mx.example.com; dkim=pass header.d=other.example; dmarc=pass header.from=other.example\r\n" +
      "From: ap@supplier.example\r\nSubject: x\r\n\r\nbody\r\n",
  );
  t.like(gatewayVerdicts(raw, ["mx.example.com"], "192.0.2.25"), { passed: false, dkimResult: "Fail" });
  const own = Buffer.from(raw.toString().replaceAll("other.example", "supplier.example"));
  t.like(gatewayVerdicts(own, ["mx.example.com"], "192.0.2.25"), { passed: true, dkimResult: "Pass" });
});

test("gateways are matched by IP and CIDR", (t) => {
  const isGateway = gatewayMatcher({ addresses: ["192.0.2.25", "10.1.0.0/16", "2001:db8::/32"], authservIds: ["x"] });
  t.true(isGateway("192.0.2.25"));
  t.true(isGateway("::ffff:10.1.200.3"));
  t.true(isGateway("2001:db8::1"));
  t.false(isGateway("192.0.2.26"));
  t.false(isGateway("10.2.0.1"));
  t.false(isGateway(undefined));
  t.false(gatewayMatcher({ addresses: [], authservIds: [] })("127.0.0.1"));
  t.throws(() => gatewayMatcher({ addresses: ["mx.example.com"], authservIds: ["x"] }));
});

test("configuration: gateways and authserv-ids are set together, and decoded", (t) => {
  const base = { APAR_DATA_DIR: "/tmp/unused" };
  const none = loadConfig(base);
  if (E.isLeft(none)) return t.fail(none.left.join("\n"));
  t.deepEqual([none.right.trustedMailGateways, none.right.trustedAuthservIds], [[], []]);
  const set = loadConfig({
    ...base,
    APAR_TRUSTED_MAIL_GATEWAYS: "10.0.0.0/24, 192.0.2.25",
    APAR_TRUSTED_AUTHSERV_IDS: "MX.Example.com,mx2.example.com",
  });
  if (E.isLeft(set)) return t.fail(set.left.join("\n"));
  t.deepEqual(set.right.trustedMailGateways, ["10.0.0.0/24", "192.0.2.25"]);
  t.deepEqual(set.right.trustedAuthservIds, ["mx.example.com", "mx2.example.com"]);
  const half = loadConfig({ ...base, APAR_TRUSTED_MAIL_GATEWAYS: "10.0.0.1" });
  t.true(E.isLeft(half) && /go together/.test(half.left.join("")));
  const bad = loadConfig({ ...base, APAR_TRUSTED_MAIL_GATEWAYS: "mx.example.com", APAR_TRUSTED_AUTHSERV_IDS: "a b" });
  t.true(E.isLeft(bad) && bad.left.length === 2);
});
