import type { SupplierEvidence } from "../../bills/model.js";
import { normalisedOrNull, normaliseSupplierName, normaliseTaxNumber } from "../../bills/normalise.js";
import type { ExtractedFields, PageEvidence } from "../../extraction/model.js";
import type { Suppliers } from "../../ports/suppliers.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";

/** A supplier record a bill names, and the evidence that decided it. */
export interface SupplierMatch {
  readonly supplier: Supplier;
  readonly evidence: SupplierEvidence;
}

// How many of an organisation's suppliers the page's IBANs, e-mails and names are compared with (in id order).
const KNOWN_SUPPLIERS_LOOKED_AT = 2000;

/** The organisation's suppliers, at most `KNOWN_SUPPLIERS_LOOKED_AT` of them. */
const knownSuppliers = async (suppliers: Suppliers, scope: OrgScope): Promise<Supplier[]> => {
  const out: Supplier[] = [];
  let after: string | undefined;
  do {
    const page = await suppliers.search(scope, undefined, { limit: 200, ...(after === undefined ? {} : { after }) });
    out.push(...page.items);
    after = page.hasMore ? page.items.at(-1)?.id : undefined;
  } while (after !== undefined && out.length < KNOWN_SUPPLIERS_LOOKED_AT);
  return out;
};

// VAT numbers start with their country; anything else a register prints is a registration.
const VAT_LIKE = /^(?:[A-Z]{2}[0-9A-Z]{8,12}|CHE\d{9})$/;

// Legal forms and filler words: a name is close to another by what distinguishes it.
const FILLER =
  /\b(?:gmbh|ag|kg|ug|co|ltd|limited|llc|inc|plc|sa|sas|sarl|srl|spa|bv|nv|sl|sdn|bhd|pty|pvt|the|and|und|et)\b/g;
const distinctive = (name: string): string => normaliseSupplierName(name).replace(FILLER, " ").replace(/\s+/g, "");
const pairs = (s: string): string[] => Array.from({ length: Math.max(0, s.length - 1) }, (_, i) => s.slice(i, i + 2));

/** How alike two names are, 0 to 1 (Dice's coefficient on letter pairs of their distinctive part). */
export const nameLikeness = (a: string, b: string): number => {
  const x = pairs(distinctive(a));
  const y = pairs(distinctive(b));
  if (x.length === 0 || y.length === 0) return 0;
  const rest = [...y];
  let shared = 0;
  for (const p of x) {
    const at = rest.indexOf(p);
    if (at >= 0) {
      shared++;
      rest.splice(at, 1);
    }
  }
  return (2 * shared) / (x.length + y.length);
};

// A name this alike, with no other supplier near it, names that supplier.
const CLOSE = 0.8;

/** The one supplier whose name is close to the read one (an OCR slip, a trading suffix), when none rivals it. */
const closeName = (known: readonly Supplier[], name: string): SupplierMatch | undefined => {
  const ranked = known
    .map((supplier) => ({ supplier, likeness: nameLikeness(supplier.name, name) }))
    .sort((a, b) => b.likeness - a.likeness);
  const [best, next] = ranked;
  if (best === undefined || best.likeness < CLOSE || (next !== undefined && next.likeness > best.likeness - 0.1))
    return undefined;
  return { supplier: best.supplier, evidence: { basis: "similarName", value: name } };
};

const emailDomain = (email: string | null): string | null => email?.toLowerCase().split("@")[1] ?? null;

/** What the page's IBANs, e-mail addresses and web domains say, strongest first, among the known suppliers. */
const byPage = (known: readonly Supplier[], page: PageEvidence): SupplierMatch | undefined => {
  for (const iban of page.ibans) {
    const supplier = known.find((s) => s.bankDetails?.iban?.replace(/\s/g, "").toUpperCase() === iban);
    if (supplier) return { supplier, evidence: { basis: "iban", value: iban } };
  }
  for (const email of page.emails) {
    const supplier = known.find((s) => s.email?.toLowerCase() === email);
    if (supplier) return { supplier, evidence: { basis: "email", value: email } };
  }
  for (const domain of page.domains) {
    const owners = known.filter((s) => emailDomain(s.email) === domain);
    const [supplier] = owners;
    if (supplier && owners.length === 1) return { supplier, evidence: { basis: "domain", value: domain } };
  }
  return undefined;
};

/**
 * The supplier record a bill names, and why: first by a tax number (read as the supplier's, then any VAT number or
 * registration on the page: a registration number is exact), then by an IBAN, e-mail address or web domain of a
 * known supplier printed on the page, then by the normalised name, then by a name close to one supplier's only.
 * The oldest record when several share a key; undefined when nothing names one. The page's evidence leaves out
 * what names the buyer (the reader drops the organisation's own identifiers).
 */
export const matchSupplier = async (
  suppliers: Suppliers,
  scope: OrgScope,
  extracted: { readonly supplierName: string | null; readonly supplierTaxNumber: string | null },
  page?: PageEvidence,
): Promise<SupplierMatch | undefined> => {
  const read = normalisedOrNull(extracted.supplierTaxNumber, normaliseTaxNumber);
  const ids = [...new Set([...(read === null ? [] : [read]), ...(page?.identifiers ?? []).map(normaliseTaxNumber)])];
  for (const id of ids) {
    const [byTax] = await suppliers.withTaxNumber(scope, id);
    if (byTax !== undefined)
      return { supplier: byTax, evidence: { basis: VAT_LIKE.test(id) ? "taxNumber" : "registration", value: id } };
  }
  const known = page === undefined ? [] : await knownSuppliers(suppliers, scope);
  const onPage = page === undefined ? undefined : byPage(known, page);
  if (onPage !== undefined) return onPage;
  const name = normalisedOrNull(extracted.supplierName, normaliseSupplierName);
  if (name === null || extracted.supplierName === null) return undefined;
  const [byName] = await suppliers.withName(scope, name);
  if (byName !== undefined) return { supplier: byName, evidence: { basis: "name", value: extracted.supplierName } };
  return page === undefined ? undefined : closeName(known, extracted.supplierName);
};

// How sure a supplier's name is when the page names a known supplier: an identifier of its own (tax number,
// registration, IBAN) names it as surely as an e-invoice; its e-mail or domain nearly so; a close name is a hint.
const NAMED_CONFIDENCE: Partial<Record<SupplierMatch["evidence"]["basis"], number>> = {
  taxNumber: 0.95,
  registration: 0.95,
  iban: 0.95,
  email: 0.9,
  domain: 0.9,
  name: 0.9,
  similarName: 0.8,
};

/**
 * The read fields with the known supplier's own name where something on the page names that supplier, and the
 * name's confidence raised to what the evidence is worth (in `confidence`, which it changes). Unchanged otherwise.
 */
export const namedBy = (
  fields: ExtractedFields,
  confidence: Record<string, number>,
  match: SupplierMatch | undefined,
): { fields: ExtractedFields; changed: boolean } => {
  const worth = match === undefined ? undefined : NAMED_CONFIDENCE[match.evidence.basis];
  if (match === undefined || worth === undefined) return { fields, changed: false };
  confidence.supplierName = Math.max(
    worth,
    fields.supplierName === match.supplier.name ? (confidence.supplierName ?? 0) : 0,
  );
  return { fields: { ...fields, supplierName: match.supplier.name }, changed: true };
};
