import type { Customer } from "../../customers/model.js";
import type { BankDetails } from "../../extraction/model.js";
import type { Product } from "../../products/model.js";
import { csvField } from "../../reports/report-view.js";
import { wireAmount } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import type { Supplier } from "../../suppliers/model.js";
import type { CoreDeps } from "../deps.js";

/** What an import or export carries: suppliers (with bank details), customers or products. */
export type CatalogueKind = "suppliers" | "customers" | "products";

export const CATALOGUE_KINDS: readonly CatalogueKind[] = ["suppliers", "customers", "products"];

/** The bank-details members as CSV columns (`bankIban` is `bankDetails.iban`). */
export const BANK_COLUMNS = {
  bankAccountHolderName: "accountHolderName",
  bankIban: "iban",
  bankBicSwift: "bicSwift",
  bankAccountNumber: "accountNumber",
  bankSortCode: "sortCode",
  bankRoutingNumber: "routingNumber",
  bankCountry: "country",
  bankCurrency: "currency",
} as const satisfies Record<string, keyof BankDetails>;

/**
 * The columns of each kind's CSV, in order: the export's header row and every column the import takes. `id` names
 * an existing record to update; the others are the API's body members.
 */
export const CATALOGUE_COLUMNS: Readonly<Record<CatalogueKind, readonly string[]>> = {
  suppliers: ["id", "name", "taxNumber", "email", "address", ...Object.keys(BANK_COLUMNS)],
  customers: ["id", "name", "email", "address", "taxNumber", "country", "currency", "paymentTermsDays"],
  products: ["id", "name", "sku", "description", "unitPrice", "currency", "taxRate"],
};

const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? "" : String(v));

/** A supplier as its CSV fields (the columns' order). */
export const supplierCsvFields = (s: Supplier): string[] => [
  s.id,
  s.name,
  text(s.taxNumber),
  text(s.email),
  text(s.address),
  ...Object.values(BANK_COLUMNS).map((member) => text(s.bankDetails?.[member])),
];

/** A customer as its CSV fields. */
export const customerCsvFields = (c: Customer): string[] => [
  c.id,
  c.name,
  text(c.email),
  text(c.address),
  text(c.taxNumber),
  text(c.country),
  text(c.currency),
  text(c.paymentTermsDays),
];

/** A product as its CSV fields: the price with its currency's minor units, as the API shows it. */
export const productCsvFields = (p: Product): string[] => [
  p.id,
  p.name,
  text(p.sku),
  text(p.description),
  wireAmount(p.unitPrice, p.currency),
  text(p.currency),
  p.taxRate,
];

/** Rows read from the database per page of an export. */
export const EXPORT_PAGE_ROWS = 200;

const line = (fields: readonly string[]): string => `${fields.map((f) => csvField(f)).join(",")}\r\n`;

/**
 * The kind's CSV (RFC 4180, CRLF lines): the header row, then the organisation's records in id order, read from the
 * database a page at a time (one chunk per page), so an export never holds the whole table.
 */
export const exportCatalogue = (deps: CoreDeps<"suppliers" | "customers" | "products">) =>
  async function* (scope: OrgScope, kind: CatalogueKind): AsyncGenerator<string> {
    yield line(CATALOGUE_COLUMNS[kind]);
    const s = deps.db.stores;
    let after: string | undefined;
    for (;;) {
      const request = { limit: EXPORT_PAGE_ROWS, ...(after === undefined ? {} : { after }) };
      const page =
        kind === "suppliers"
          ? (await s.suppliers.search(scope, undefined, request)).items.map(supplierCsvFields)
          : kind === "customers"
            ? (await s.customers.search(scope, undefined, request)).items.map(customerCsvFields)
            : (await s.products.search(scope, undefined, request)).items.map(productCsvFields);
      if (page.length > 0) yield page.map(line).join("");
      const last = page[page.length - 1];
      if (page.length < EXPORT_PAGE_ROWS || last === undefined) return;
      after = last[0];
    }
  };
