// Known suppliers as evidence (issue 33 part 3): what on the page names a supplier record, and which evidence decided.
import { openMemoryDatabase } from "@apar/adapters/memory";
import { randomIds } from "@apar/adapters/system/ids";
import type { Actor } from "@apar/core";
import { createSupplier, matchSupplier, namedBy, nameLikeness } from "@apar/core/app";
import type { PageEvidence } from "@apar/core/extraction";
import type { Clock } from "@apar/core/ports";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const clock: Clock = { now: () => new Date("2026-05-06T07:08:09Z") };
const scope = {
  clientId: "01900000-0000-7000-8000-0000000000c1",
  organisationId: "01900000-0000-7000-8000-0000000000a1",
};
const actor: Actor = { type: "user", id: "01900000-0000-7000-8000-0000000000e1" };
const NOTHING: PageEvidence = { identifiers: [], ibans: [], emails: [], domains: [] };

const withSuppliers = async () => {
  const deps = { db: openMemoryDatabase(), clock, ids: randomIds(clock) };
  const add = async (body: Parameters<ReturnType<typeof createSupplier>>[1]) => {
    const made = await createSupplier(deps)(scope, body, actor)();
    if (E.isLeft(made)) throw new Error(made.left.code);
    return made.right.id;
  };
  const brenner = await add({
    name: "Brenner Werkzeuge GmbH",
    taxNumber: "DE129273398",
    email: "info@brenner-werkzeuge.de",
    bankDetails: { iban: "DE02120300000000202051" },
  });
  const hafen = await add({ name: "Hafenkontor Schulte KG", taxNumber: "HRB 77120", email: "buchhaltung@schulte.de" });
  const match = (name: string | null, page: PageEvidence = NOTHING) =>
    matchSupplier(deps.db.stores.suppliers, scope, { supplierName: name, supplierTaxNumber: null }, page);
  return { brenner, hafen, match };
};

test("a VAT number, registration, IBAN, e-mail or domain of a known supplier on the page names it, and says so", async (t) => {
  const { brenner, hafen, match } = await withSuppliers();
  // The name read is the buyer's or noise: the page's evidence still names the supplier.
  const byVat = await match("Nordlicht Handels GmbH", { ...NOTHING, identifiers: ["DE129273398"] });
  t.deepEqual([byVat?.supplier.id, byVat?.evidence], [brenner, { basis: "taxNumber", value: "DE129273398" }]);
  const byRegister = await match(null, { ...NOTHING, identifiers: ["HRB77120", "77120"] });
  t.deepEqual([byRegister?.supplier.id, byRegister?.evidence.basis], [hafen, "registration"]);
  const byIban = await match(null, { ...NOTHING, ibans: ["DE02120300000000202051"] });
  t.deepEqual([byIban?.supplier.id, byIban?.evidence.basis], [brenner, "iban"]);
  const byEmail = await match(null, { ...NOTHING, emails: ["buchhaltung@schulte.de"] });
  t.deepEqual([byEmail?.supplier.id, byEmail?.evidence.basis], [hafen, "email"]);
  const byDomain = await match(null, { ...NOTHING, domains: ["brenner-werkzeuge.de"] });
  t.deepEqual([byDomain?.supplier.id, byDomain?.evidence.basis], [brenner, "domain"]);
  // Evidence of no known supplier names none.
  t.is(
    await match("Nordlicht Handels GmbH", { ...NOTHING, identifiers: ["DE811907980"], domains: ["x.de"] }),
    undefined,
  );
});

test("the name as printed, then a name close to one supplier's only, names it", async (t) => {
  const { brenner, hafen, match } = await withSuppliers();
  t.deepEqual((await match("BRENNER WERKZEUGE GMBH"))?.evidence.basis, "name");
  const close = await match("Brenner Werkzeug GmbH");
  t.deepEqual(
    [close?.supplier.id, close?.evidence],
    [brenner, { basis: "similarName", value: "Brenner Werkzeug GmbH" }],
  );
  t.is((await match("Hafenkontor Schulte & Co. KG"))?.supplier.id, hafen);
  t.is(await match("Werkzeughandel Krämer GmbH"), undefined);
  t.true(nameLikeness("Brenner Werkzeuge GmbH", "Brenner Werkzeug") > 0.9);
  t.true(nameLikeness("Brenner Werkzeuge GmbH", "Brenner Elektro GmbH") < 0.8);
});

test("what each evidence makes the name worth: a known supplier's name as printed is sure (0.9), a close one a hint", async (t) => {
  const { match } = await withSuppliers();
  const fields = (supplierName: string) => ({ supplierName, supplierTaxNumber: null }) as never;
  const named = async (read: string, was: number) => {
    const confidence: Record<string, number> = { supplierName: was };
    const out = namedBy(fields(read), confidence, await match(read));
    return { name: (out.fields as { supplierName: string }).supplierName, worth: confidence.supplierName };
  };
  // As printed (OCR's cap or a name found by its place): the record's name, sure.
  t.deepEqual(await named("BRENNER WERKZEUGE GMBH", 0.6), { name: "Brenner Werkzeuge GmbH", worth: 0.9 });
  t.deepEqual(await named("Brenner Werkzeuge GmbH", 0.85), { name: "Brenner Werkzeuge GmbH", worth: 0.9 });
  // Close to one supplier's name: the record's name, as a hint only.
  t.deepEqual(await named("Brenner Werkzeug GmbH", 0.6), { name: "Brenner Werkzeuge GmbH", worth: 0.8 });
  // Nothing on record: the reading stands.
  t.deepEqual(await named("Unbekannt AG", 0.6), { name: "Unbekannt AG", worth: 0.6 });
});
