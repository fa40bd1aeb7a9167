import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCamtReader } from "@apar/adapters/payments/camt-reader";
import { readCamtXml } from "@apar/adapters/payments/camt-xml";
import { formatAmount } from "@apar/core";
import test from "ava";
import { type CamtEntry, camt053 } from "../helpers/camt-files.js";

const dir = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/camt");
const expected = JSON.parse(readFileSync(join(dir, "expected-first-entries.json"), "utf8")) as Record<
  string,
  { minorUnits: string; currency: string; direction: string; bookingDate: string | null; reference: string | null }
>;

test("every camt.053 and camt.054 sample reads with the first entry the reference parser found", (t) => {
  const names = readdirSync(dir).filter((n) => /^camt05[34].*\.xml$/.test(n) && !n.includes("wrong"));
  t.is(names.length, Object.keys(expected).length);
  for (const name of names) {
    const statements = readCamtXml(readFileSync(join(dir, name)));
    if (typeof statements === "string") {
      t.fail(`${name}: ${statements}`);
      continue;
    }
    // The reference parser lists the entries of the last statement of a file
    const entry = statements.at(-1)?.entries[0];
    const want = expected[name];
    if (entry === undefined || want === undefined) {
      t.fail(`${name}: no entry`);
      continue;
    }
    const minor = formatAmount(entry.amount, entry.currency)
      .replace(".", "")
      .replace(/^0+(?=\d)/, "");
    const signed = entry.direction === "DBIT" ? `-${minor}` : minor;
    t.deepEqual(
      { minorUnits: signed, currency: entry.currency, direction: entry.direction, bookingDate: entry.bookingDate },
      {
        minorUnits: want.minorUnits,
        currency: want.currency,
        direction: want.direction,
        bookingDate: want.bookingDate,
      },
      name,
    );
    if (want.reference !== null) t.is(entry.reference, want.reference, name);
  }
});

test("a camt.053 entry carries its structured creditor reference, counterparty and dates; two statements read as two", (t) => {
  const v4 = readCamtXml(readFileSync(join(dir, "camt053.v4.xml")));
  if (typeof v4 === "string") return t.fail(v4);
  t.like(v4[0]?.entries[0], {
    amount: "8.85",
    currency: "EUR",
    direction: "CRDT",
    valueDate: "2015-01-02",
    creditorReferences: ["4654654654654654"],
    counterpartyName: "NAME NAME",
    counterpartyIban: "NL56AGDH9619008421",
  });
  const multi = readCamtXml(readFileSync(join(dir, "camt053.v2.multi.statement.xml")));
  if (typeof multi === "string") return t.fail(multi);
  t.is(multi.length, 2);
});

test("other XML is not-camt; broken XML and a DOCTYPE are corrupt", (t) => {
  t.is(readCamtXml(new TextEncoder().encode("<Document><Invoice/></Document>")), "not-camt");
  t.is(readCamtXml(new TextEncoder().encode("<Document><BkToCstmrStmt>")), "corrupt");
  t.is(readCamtXml(new TextEncoder().encode('<!DOCTYPE x [<!ENTITY a "b">]><Document/>')), "corrupt");
});

const entries = (n: number): CamtEntry[] =>
  Array.from({ length: n }, (_, i) => ({ ref: `R-${i}`, amount: "1.00", direction: "CRDT", name: `Payer ${i}` }));

test("the entries are counted before the file is parsed: over the cap is too-many, even when the rest is broken", (t) => {
  const file = camt053("CAP", entries(3));
  t.true(Array.isArray(readCamtXml(file, 3)));
  t.is(readCamtXml(file, 2), "too-many");
  // Cut after the third entry: not well-formed, yet refused for its entries before any parsing.
  const cut = file.subarray(0, file.indexOf("</Ntry>", file.lastIndexOf("<Ntry>")) + 7);
  t.is(readCamtXml(cut, 3), "corrupt");
  t.is(readCamtXml(cut, 2), "too-many");
  // Entries under a namespace prefix count the same.
  const prefixed = Buffer.from(
    '<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><c:BkToCstmrStmt><c:Stmt>' +
      "<c:Ntry/><c:Ntry>x</c:Ntry><c:NtryDtls/></c:Stmt></c:BkToCstmrStmt></c:Document>",
  );
  t.is(readCamtXml(prefixed, 1), "too-many");
  t.not(readCamtXml(prefixed, 2), "too-many", "NtryDtls is not an entry");
});

test("the thread reader answers what readCamtXml would, and a file past its time ends the thread, not the reader", async (t) => {
  const reader = createCamtReader();
  t.teardown(() => reader.close());
  const file = camt053("THREAD", entries(50));
  t.deepEqual(await reader.read(file, 100), readCamtXml(file, 100));
  t.is(await reader.read(file, 10), "too-many");
  t.is(await reader.read(Buffer.from("<Document><BkToCstmrStmt>"), 10), "corrupt");
  const impatient = createCamtReader({ timeoutMs: 0 });
  t.teardown(() => impatient.close());
  t.is(await impatient.read(camt053("SLOW", entries(5_000)), 10_000), "too-slow");
  // Two files at once take turns; the reader still reads after a thread was ended.
  const [a, b] = await Promise.all([reader.read(file, 100), reader.read(camt053("OTHER", entries(2)), 100)]);
  t.is(Array.isArray(a) ? a[0]?.entries.length : a, 50);
  t.is(Array.isArray(b) ? b[0]?.id : b, "OTHER");
});
