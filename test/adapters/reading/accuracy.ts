// Per-field accuracy of extractions against the fixtures' ground truth.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ExtractedFields } from "@apar/core";
import { Decimal } from "decimal.js";

export const FIXTURES = join(import.meta.dirname, "..", "..", "..", "fixtures", "bills");

/** The fixture files of one kind with their ground truth. */
export const fixtures = (kind: string): { file: string; bytes: Uint8Array; truth: ExtractedFields }[] =>
  readdirSync(join(FIXTURES, kind))
    .filter((f) => !f.endsWith(".json"))
    .sort()
    .map((f) => ({
      file: f,
      bytes: new Uint8Array(readFileSync(join(FIXTURES, kind, f))),
      truth: JSON.parse(readFileSync(join(FIXTURES, kind, f.replace(/\.\w+$/, ".json")), "utf8")) as ExtractedFields,
    }));

const amount = (a: string | null, b: string | null): boolean =>
  a === null || b === null ? a === b : new Decimal(a).equals(new Decimal(b));
const text = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? null) === null || (b ?? null) === null
    ? (a ?? null) === (b ?? null)
    : (a as string).replace(/\s+/g, " ").trim().toLowerCase() ===
      (b as string).replace(/\s+/g, " ").trim().toLowerCase();

/** The fields scored, each with how to compare it. */
export const CHECKS: Record<string, (got: ExtractedFields, want: ExtractedFields) => boolean> = {
  supplierName: (g, w) => text(g.supplierName, w.supplierName),
  invoiceNumber: (g, w) => text(g.invoiceNumber, w.invoiceNumber),
  currency: (g, w) => g.currency === w.currency,
  totalAmount: (g, w) => amount(g.totalAmount, w.totalAmount),
  invoiceDate: (g, w) => g.invoiceDate === w.invoiceDate,
  dueDate: (g, w) => g.dueDate === w.dueDate,
  subTotal: (g, w) => amount(g.subTotal, w.subTotal),
  taxAmount: (g, w) => amount(g.taxAmount, w.taxAmount),
  supplierTaxNumber: (g, w) => text(g.supplierTaxNumber, w.supplierTaxNumber),
  purchaseOrderNumber: (g, w) => text(g.purchaseOrderNumber, w.purchaseOrderNumber),
  paymentTerms: (g, w) => text(g.paymentTerms, w.paymentTerms),
  paymentRef: (g, w) => text(g.paymentRef, w.paymentRef),
  iban: (g, w) => text(g.bankDetails?.iban, w.bankDetails?.iban),
  bic: (g, w) => text(g.bankDetails?.bicSwift, w.bankDetails?.bicSwift),
  accountNumber: (g, w) => text(g.bankDetails?.accountNumber, w.bankDetails?.accountNumber),
  sortCode: (g, w) => text(g.bankDetails?.sortCode, w.bankDetails?.sortCode),
  routingNumber: (g, w) => text(g.bankDetails?.routingNumber, w.bankDetails?.routingNumber),
  accountHolderName: (g, w) => text(g.bankDetails?.accountHolderName, w.bankDetails?.accountHolderName),
  lineItems: (g, w) =>
    g.lineItems.length === w.lineItems.length &&
    g.lineItems.every((l, i) => {
      const t = w.lineItems[i];
      return (
        t !== undefined &&
        text(l.description, t.description) &&
        amount(l.quantity, t.quantity) &&
        amount(l.unitPrice, t.unitPrice) &&
        amount(l.amount, t.amount)
      );
    }),
};

export interface Score {
  readonly perField: Record<string, number>;
  readonly overall: number;
  readonly misses: string[];
}

/** Scores extractions against their truth: the share right per field and over all fields. */
export const score = (
  results: readonly { file: string; got: ExtractedFields | null; want: ExtractedFields }[],
): Score => {
  const perField: Record<string, number> = {};
  const misses: string[] = [];
  let right = 0;
  let all = 0;
  for (const [name, check] of Object.entries(CHECKS)) {
    let ok = 0;
    for (const r of results) {
      const pass = r.got !== null && check(r.got, r.want);
      if (pass) ok++;
      else misses.push(`${r.file}: ${name}`);
    }
    perField[name] = results.length === 0 ? 1 : ok / results.length;
    right += ok;
    all += results.length;
  }
  return { perField, overall: all === 0 ? 1 : right / all, misses };
};
