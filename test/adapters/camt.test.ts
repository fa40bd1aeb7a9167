import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { readCamtXml } from "@apar/adapters/payments/camt-xml";
import { formatAmount } from "@apar/core";
import test from "ava";

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
