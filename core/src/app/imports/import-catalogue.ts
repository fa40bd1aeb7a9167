import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { normalisedOrNull, normaliseSupplierName, normaliseTaxNumber } from "../../bills/normalise.js";
import type { Actor } from "../../events/envelope.js";
import type { BankDetails } from "../../extraction/model.js";
import type { Db, Stores } from "../../ports/stores.js";
import { nullable, oneOf } from "../../shared/codecs/combinators.js";
import { decode } from "../../shared/codecs/field-errors.js";
import { documented } from "../../shared/codecs/json-schema.js";
import { Integer } from "../../shared/codecs/numbers.js";
import type { DomainError, FieldError } from "../../shared/errors.js";
import { canonicalAmountOf } from "../../shared/money.js";
import type { OrgScope } from "../../shared/scope.js";
import { validBankDetails } from "../bank-details/bank-details.js";
import { CreateCustomerBody, createCustomer, UpdateCustomerBody, updateCustomer } from "../customers/index.js";
import type { CoreDeps } from "../deps.js";
import {
  type IdempotencyPlace,
  type OperationIdempotency,
  oncePerKey,
  operationPlace,
  rememberResponse,
} from "../idempotency.js";
import { CreateProductBody, createProduct, UpdateProductBody, updateProduct } from "../products/index.js";
import { CreateSupplierBody, createSupplier, UpdateSupplierBody, updateSupplier } from "../suppliers/index.js";
import { BANK_COLUMNS, CATALOGUE_COLUMNS, CATALOGUE_KINDS, type CatalogueKind } from "./catalogue-csv.js";

/** At most this many data rows per file (split a larger catalogue into several files). */
export const MAX_IMPORT_ROWS = 5000;

/** One problem of a row: its line number in the file (the header is 1), the column (null: the whole row). */
export const ImportErrorView = t.type(
  {
    row: documented(Integer, { description: "The line of the file (the header is 1)" }),
    column: nullable(t.string),
    code: t.string,
    message: t.string,
  },
  "ImportError",
);
export type ImportError = t.TypeOf<typeof ImportErrorView>;

/** What the import does (or would do) with one data row. */
export const ImportRowResultView = t.type(
  {
    row: Integer,
    action: oneOf(["create", "update", "unchanged", "error"] as const, "ImportAction"),
    /** The record updated or left unchanged; on a real import also the one created. */
    id: nullable(t.string),
    /** The columns an update changes. */
    changes: t.readonlyArray(t.string),
  },
  "ImportRowResult",
);
export type ImportRowResult = t.TypeOf<typeof ImportRowResultView>;

/** The report of an import or of its dry run: every row's outcome and every error. */
export const ImportReportView = t.type(
  {
    kind: oneOf(CATALOGUE_KINDS, "CatalogueKind"),
    dryRun: t.boolean,
    imported: documented(t.boolean, { description: "True when the rows were written" }),
    rows: Integer,
    created: Integer,
    updated: Integer,
    unchanged: Integer,
    errors: t.readonlyArray(ImportErrorView),
    results: t.readonlyArray(ImportRowResultView),
  },
  "ImportReport",
);
export type ImportReport = t.TypeOf<typeof ImportReportView>;

/** A parsed CSV file: its header and its data rows (cells as strings), or a file-level error. */
export interface CatalogueFile {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface ImportInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly kind: CatalogueKind;
  readonly file: CatalogueFile;
  readonly dryRun: boolean;
  /** The Idempotency-Key of the import: a repeat answers the first report, importing nothing again. */
  readonly idempotency?: OperationIdempotency;
}

type Record_ = { readonly id: string } & Readonly<Record<string, unknown>>;

/** A row as the body of a create or update, with the record it matched. */
interface Planned {
  readonly row: number;
  readonly action: "create" | "update" | "unchanged";
  readonly id: string | null;
  readonly body: Readonly<Record<string, unknown>>;
  readonly changes: readonly string[];
}

/** A spreadsheet-safe cell as the export writes it (`'=x`) read back as its value (`=x`). */
const cellValue = (cell: string): string => {
  const trimmed = cell.trim();
  return /^'[=+\-@\t\r]/.test(trimmed) ? trimmed.slice(1) : trimmed;
};

const bankMember = (column: string): string | undefined => (BANK_COLUMNS as Record<string, string>)[column];

/** The column a body field error names: `row.bankDetails.iban` is `bankIban`, `row.name` is `name`. */
const columnOf = (field: string): string | null => {
  const path = field.replace(/^row\.?/, "");
  if (path.startsWith("bankDetails")) {
    const member = path.split(".")[1];
    const column = Object.entries(BANK_COLUMNS).find(([, m]) => m === member)?.[0];
    return column ?? "bankIban";
  }
  const column = path.split(/[.[]/)[0] ?? "";
  return column === "" ? null : column;
};

const rowErrors = (row: number, errors: readonly FieldError[] | undefined, fallback: DomainError): ImportError[] =>
  errors === undefined || errors.length === 0
    ? [{ row, column: null, code: fallback.code, message: fallback.detail }]
    : errors.map((e) => {
        const column = columnOf(e.field);
        return { row, column, code: e.code, message: e.message.replace(e.field, column ?? "the row") };
      });

/** A row's cells as a body: an empty cell is null (it clears the field); a column left out changes nothing. */
const bodyOf = (kind: CatalogueKind, header: readonly string[], cells: readonly string[]) => {
  const body: Record<string, unknown> = {};
  const bank: Record<string, string | null> = {};
  let id: string | null = null;
  let hasBank = false;
  header.forEach((column, i) => {
    const raw = cellValue(cells[i] ?? "");
    const value = raw === "" ? null : raw;
    const member = kind === "suppliers" ? bankMember(column) : undefined;
    if (column === "id") id = value;
    else if (member !== undefined) {
      hasBank = true;
      bank[member] = value;
    } else if (column === "paymentTermsDays" && value !== null && /^\d{1,9}$/.test(value)) body[column] = Number(value);
    else if (column === "taxRate" && value === null) return;
    else body[column] = value;
  });
  if (hasBank) body.bankDetails = Object.values(bank).every((v) => v === null) ? null : bank;
  return { id: id as string | null, body };
};

const CODECS: Readonly<Record<CatalogueKind, { create: t.Mixed; update: t.Mixed }>> = {
  suppliers: { create: CreateSupplierBody, update: UpdateSupplierBody },
  customers: { create: CreateCustomerBody, update: UpdateCustomerBody },
  products: { create: CreateProductBody, update: UpdateProductBody },
};

const lower = (v: unknown) => (typeof v === "string" ? v.toLowerCase() : v);

/** Records of the kind whose `field` equals `value` (case-insensitive), paging through the store's search. */
const withField = async (
  s: Pick<Stores, "customers" | "products">,
  kind: "customers" | "products",
  scope: OrgScope,
  field: string,
  value: string,
): Promise<Record_[]> => {
  const found: Record_[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await s[kind].search(scope, value, { limit: 100, ...(after === undefined ? {} : { after }) });
    for (const r of page.items as unknown as Record_[]) if (lower(r[field]) === value.toLowerCase()) found.push(r);
    const last = page.items[page.items.length - 1];
    if (!page.hasMore || last === undefined) return found;
    after = last.id;
  }
};

/**
 * The existing records a row names: by `id` when given; else by the natural key (a supplier's tax number, a
 * customer's e-mail, a product's SKU) when the row has one; else by the name.
 */
const matches = async (
  s: Stores,
  kind: CatalogueKind,
  scope: OrgScope,
  id: string | null,
  body: Readonly<Record<string, unknown>>,
): Promise<readonly Record_[]> => {
  if (id !== null) {
    const found = await (kind === "suppliers" ? s.suppliers : s[kind]).ofId(scope, id);
    return found === undefined ? [] : [found as unknown as Record_];
  }
  const key = { suppliers: "taxNumber", customers: "email", products: "sku" }[kind];
  const byKey = typeof body[key] === "string";
  const field = byKey ? key : "name";
  const value = body[field];
  if (typeof value !== "string") return [];
  if (kind === "suppliers") {
    // Normalised as bill matching does (tax numbers without spaces and case, names without legal forms).
    const normalised = normalisedOrNull(value, byKey ? normaliseTaxNumber : normaliseSupplierName);
    if (normalised === null) return [];
    return (await (byKey
      ? s.suppliers.withTaxNumber(scope, normalised)
      : s.suppliers.withName(scope, normalised))) as never;
  }
  return withField(s, kind, scope, field, value);
};

const sameBank = (a: BankDetails | null, b: BankDetails | null): boolean =>
  Object.values(BANK_COLUMNS).every((m) => (a?.[m] ?? null) === (b?.[m] ?? null));

/** The columns whose values the body changes on `existing` (amounts compared as decimals). */
const changesOf = (
  existing: Record_,
  body: Readonly<Record<string, unknown>>,
  bank: BankDetails | null | undefined,
) => {
  const changed: string[] = [];
  for (const [member, value] of Object.entries(body)) {
    if (member === "bankDetails") continue;
    const before = existing[member] ?? null;
    const amount = canonicalAmountOf(before);
    const same =
      amount !== undefined && typeof value === "string" ? amount === canonicalAmountOf(value) : before === value;
    if (!same) changed.push(member);
  }
  if (bank !== undefined && !sameBank((existing.bankDetails as BankDetails | null) ?? null, bank))
    changed.push(
      ...Object.entries(BANK_COLUMNS)
        .filter(([, m]) => ((existing.bankDetails as BankDetails | null)?.[m] ?? null) !== (bank?.[m] ?? null))
        .map(([column]) => column),
    );
  return changed;
};

/** The header's problems: a column the kind does not take, one given twice, `name` missing (row 1). */
const headerErrors = (kind: CatalogueKind, header: readonly string[]): ImportError[] => {
  const known = CATALOGUE_COLUMNS[kind];
  const errors: ImportError[] = header.flatMap((column, i) =>
    !known.includes(column)
      ? [
          {
            row: 1,
            column,
            code: "unknown_column",
            message: `Column "${column}" is not one the ${kind} import takes (${known.join(", ")}).`,
          },
        ]
      : header.indexOf(column) !== i
        ? [{ row: 1, column, code: "duplicate_column", message: `Column "${column}" is given twice.` }]
        : [],
  );
  const required = kind === "products" ? ["name", "unitPrice"] : ["name"];
  for (const column of required)
    if (!header.includes(column))
      errors.push({ row: 1, column, code: "missing_column", message: `The header has no "${column}" column.` });
  return errors;
};

/** Every row planned (create, update, unchanged) or its errors; reads only. */
const plan = async (s: Stores, input: ImportInput): Promise<{ planned: Planned[]; errors: ImportError[] }> => {
  const { kind, file, scope } = input;
  const errors = headerErrors(kind, file.header);
  const planned: Planned[] = [];
  if (errors.length > 0) return { planned, errors };
  const seen = new Map<string, number>();
  for (const [index, cells] of file.rows.entries()) {
    const row = index + 2;
    if (cells.length !== file.header.length) {
      errors.push({
        row,
        column: null,
        code: "field_count",
        message: `The row has ${cells.length} fields; the header has ${file.header.length}.`,
      });
      continue;
    }
    const { id, body } = bodyOf(kind, file.header, cells);
    const found = await matches(s, kind, scope, id, body);
    if (id !== null && found.length === 0) {
      errors.push({ row, column: "id", code: "not_found", message: `No ${kind.slice(0, -1)} ${id} to update.` });
      continue;
    }
    if (found.length > 1) {
      errors.push({
        row,
        column: null,
        code: "ambiguous",
        message: `${found.length} existing ${kind} match this row (${found.map((r) => r.id).join(", ")}): give the id of the one to update.`,
      });
      continue;
    }
    const existing = found[0];
    const codec = existing === undefined ? CODECS[kind].create : CODECS[kind].update;
    const decoded = decode(codec, body, "row");
    if (E.isLeft(decoded)) {
      errors.push(...rowErrors(row, decoded.left.errors, decoded.left));
      continue;
    }
    const given = decoded.right as Record<string, unknown>;
    let bank: BankDetails | null | undefined;
    if (given.bankDetails !== undefined && given.bankDetails !== null) {
      const valid = validBankDetails(given.bankDetails as never, "row.bankDetails");
      if (E.isLeft(valid)) {
        errors.push(...rowErrors(row, valid.left.errors, valid.left));
        continue;
      }
      bank = valid.right;
    } else if (given.bankDetails === null) bank = null;
    // A new record is named by its natural key when the row has one, else by its name (as matching reads them).
    const natural = given[{ suppliers: "taxNumber", customers: "email", products: "sku" }[kind]];
    const identity =
      existing?.id ?? (typeof natural === "string" ? `key:${lower(natural)}` : `name:${lower(given.name)}`);
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      errors.push({
        row,
        column: null,
        code: "duplicate_row",
        message: `Row ${earlier} already names this ${kind.slice(0, -1)}: give each one row.`,
      });
      continue;
    }
    seen.set(identity, row);
    if (existing === undefined) {
      planned.push({ row, action: "create", id: null, body: given, changes: [] });
      continue;
    }
    const changes = changesOf(existing, given, bank);
    planned.push({ row, action: changes.length === 0 ? "unchanged" : "update", id: existing.id, body: given, changes });
  }
  return { planned, errors };
};

/** Thrown to roll the unit of work back when a use case refuses a planned row. */
class RowRefused extends Error {
  constructor(readonly errors: ImportError[]) {
    super("row refused");
  }
}

/** Writes one planned row through the single-record use cases (the same validation, events and dual control). */
const apply = async (deps: CoreDeps, input: ImportInput, p: Planned): Promise<string | null> => {
  const { scope, actor } = input;
  const body = p.body as never;
  const id = p.id as string;
  const done = await (async (): Promise<E.Either<DomainError, { id: string }>> => {
    switch (input.kind) {
      case "suppliers":
        return p.action === "create"
          ? createSupplier(deps)(scope, body, actor)()
          : updateSupplier(deps)(scope, id, body, actor)();
      case "customers":
        return p.action === "create" ? createCustomer(deps)(scope, body)() : updateCustomer(deps)(scope, id, body)();
      case "products":
        return p.action === "create" ? createProduct(deps)(scope, body)() : updateProduct(deps)(scope, id, body)();
    }
  })();
  if (E.isLeft(done)) throw new RowRefused(rowErrors(p.row, done.left.errors, done.left));
  return done.right.id;
};

const reportOf = (
  input: ImportInput,
  planned: readonly Planned[],
  errors: readonly ImportError[],
  ids?: ReadonlyMap<number, string | null>,
): ImportReport => {
  const count = (a: Planned["action"]) => planned.filter((p) => p.action === a).length;
  const failed = new Set(errors.map((e) => e.row).filter((r) => r > 1));
  const results: ImportRowResult[] = [
    ...planned.map((p) => ({ row: p.row, action: p.action, id: ids?.get(p.row) ?? p.id, changes: p.changes })),
    ...[...failed].map((row) => ({ row, action: "error" as const, id: null, changes: [] })),
  ].sort((a, b) => a.row - b.row);
  return {
    kind: input.kind,
    dryRun: input.dryRun,
    imported: ids !== undefined,
    rows: input.file.rows.length,
    created: count("create"),
    updated: count("update"),
    unchanged: count("unchanged"),
    errors,
    results,
  };
};

/**
 * Imports a CSV file of suppliers, customers or products. A dry run reports what each row would do (create,
 * update, unchanged) and every row's errors, writing nothing. Otherwise all or nothing: any error answers the same
 * report with nothing written; without errors every row is written in one unit of work through the single-record
 * use cases, so an imported bank account is the importer's proposal, unconfirmed until a second person confirms
 * it, and a changed account records `supplier.bank_details_changed` and flags open bills as an API change does.
 * The report answers `imported: true` when the rows were written. With an Idempotency-Key a repeat answers the
 * first report (409 `Idempotency.KeyReused` for another file under the same key).
 */
export const importCatalogue =
  (deps: CoreDeps) =>
  async (input: ImportInput): Promise<E.Either<DomainError, ImportReport>> => {
    if (input.dryRun) {
      const { planned, errors } = await plan(deps.db.stores as Stores, input);
      return E.right(reportOf(input, planned, errors));
    }
    const place = operationPlace(input.scope, input.idempotency);
    const once = await oncePerKey(
      deps.db.stores.idempotencyKeys,
      place,
      input.idempotency,
      (seen) => seen.response as ImportReport,
      async () => E.right<DomainError, ImportReport>(await importAll(deps, input, place)),
    );
    return once;
  };

const importAll = async (deps: CoreDeps, input: ImportInput, place: IdempotencyPlace): Promise<ImportReport> => {
  try {
    return await deps.db.run(async (s) => {
      const stores = s as Stores;
      const { planned, errors } = await plan(stores, input);
      if (errors.length > 0) return reportOf(input, planned, errors);
      // The use cases run inside this unit of work: their own units of work join it.
      const within: Db = { stores, run: (work) => work(stores) };
      const inner: CoreDeps = { ...deps, db: within };
      const ids = new Map<number, string | null>();
      for (const p of planned) if (p.action !== "unchanged") ids.set(p.row, await apply(inner, input, p));
      const report = reportOf(input, planned, errors, ids);
      await rememberResponse(stores.idempotencyKeys, place, input.idempotency, report, deps.clock.now());
      return report;
    });
  } catch (error) {
    if (!(error instanceof RowRefused)) throw error;
    const { planned } = await plan(deps.db.stores as Stores, input);
    return reportOf(input, planned, error.errors);
  }
};
