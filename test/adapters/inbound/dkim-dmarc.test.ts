import { readFileSync } from "node:fs";
import { join } from "node:path";
import { authenticateMessage, type DNSResolver } from "@apar/adapters/mail/inbound/index";
import test from "ava";
import { ROOT } from "../../helpers/host-process.js";

const FIXTURES = join(ROOT, "fixtures/email-auth");

interface Manifest {
  readonly dns_txt_records: Readonly<Record<string, string | null>>;
  readonly dkim_verification_by_dkimpy: readonly {
    readonly file: string;
    readonly dkim_signatures: number;
    readonly dkimpy_verify_per_signature?: readonly boolean[];
    readonly dkimpy_error?: string;
  }[];
  readonly dmarc_expectations_from_authheaders_tests: readonly {
    readonly file: string;
    readonly options: Readonly<Record<string, boolean>>;
    readonly expected: string;
  }[];
}

const manifest = JSON.parse(readFileSync(join(FIXTURES, "dkim-manifest.json"), "utf8")) as Manifest;

const dnsError = (code: string, name: string) => Object.assign(new Error(`${code} ${name}`), { code });

/**
 * The suites' DNS stubs: TXT records by name; an empty record is no record; a null one is a name that does
 * not exist, and a host name a name that exists (the np= tests' existence answers).
 */
const manifestResolver: DNSResolver = async (rawName, type) => {
  const name = rawName.toLowerCase().replace(/\.$/, "");
  const key = Object.keys(manifest.dns_txt_records).find((k) => k.toLowerCase().replace(/\.$/, "") === name);
  if (key === undefined) throw dnsError("ENOTFOUND", name);
  const value = manifest.dns_txt_records[key];
  if (value === null || value === undefined) throw dnsError("ENOTFOUND", name);
  if (value === "") throw dnsError("ENODATA", name);
  if (type === "TXT" && !/^[a-z0-9.-]+$/i.test(value)) return [[value.trim()]];
  if (type === "MX" && /^[a-z0-9.-]+$/i.test(value)) return [{ exchange: value, priority: 10 }] as unknown as string[];
  throw dnsError("ENODATA", name);
};

const messageOf = (file: string) => readFileSync(join(FIXTURES, file));

// Every signed message of the dkimpy and authheaders suites: each signature verifies as dkimpy verified it.
for (const entry of manifest.dkim_verification_by_dkimpy.filter((e) => e.dkim_signatures > 0)) {
  test(`DKIM: ${entry.file}`, async (t) => {
    const auth = await authenticateMessage(messageOf(entry.file), {}, { resolver: manifestResolver });
    const expected = entry.dkimpy_verify_per_signature ?? Array.from({ length: entry.dkim_signatures }, () => false);
    t.is(auth.seen.dkim.length, entry.dkim_signatures);
    t.deepEqual(
      auth.seen.dkim.map((d) => d.result === "pass").sort(),
      [...expected].sort(),
      JSON.stringify(auth.seen.dkim),
    );
    // Unsigned SPF (no IP): only an aligned passing signature authenticates the message.
    t.is(
      auth.passed,
      auth.seen.dkim.some((d) => d.aligned && d.result === "pass"),
    );
    t.is(auth.dkimResult, auth.passed ? "Pass" : "Fail");
  });
}

// The authheaders DMARC expectations: the receiver's verdict is the expected dmarc= value (pass, fail, none)
// and it accepts exactly the messages DMARC passes. (The suites feed earlier DKIM verdicts in; here every
// signature is verified afresh, which gives the same verdicts: see the DKIM cases above.)
const DMARC_CASES = manifest.dmarc_expectations_from_authheaders_tests.filter((c) => c.options.dmarc !== false);
for (const c of DMARC_CASES) {
  test(`DMARC: ${c.file} -> ${/dmarc=(\w+)/.exec(c.expected)?.[1]}`, async (t) => {
    const expected = /dmarc=(\w+)/.exec(c.expected)?.[1];
    const auth = await authenticateMessage(messageOf(c.file), {}, { resolver: manifestResolver });
    t.is(auth.seen.dmarc, expected ?? "missing");
    t.is(auth.passed, expected === "pass");
    t.is(auth.authResult === "Pass", expected === "pass");
    const policy = /policy\.dmarc=(\w+)/.exec(c.expected)?.[1];
    // With several authors no one domain's record applies: the message fails without a policy lookup.
    const severalAuthors = c.file.includes("_multi");
    if (policy !== undefined) t.is(auth.seen.dmarcPolicy, severalAuthors ? null : policy);
  });
}

test("the suites give DKIM and DMARC cases (the loops above are not empty)", (t) => {
  t.true(manifest.dkim_verification_by_dkimpy.filter((e) => e.dkim_signatures > 0).length >= 10);
  t.is(DMARC_CASES.length, 8);
});
