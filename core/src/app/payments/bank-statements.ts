import { createHash } from "node:crypto";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Actor } from "../../events/envelope.js";
import type { Invoice } from "../../invoices/model.js";
import { outstandingOf } from "../../invoices/totals.js";
import { type BankStatement, entryIdentity, type StatementEntry } from "../../payments/camt.js";
import { creditorReferenceFor, creditorReferencesIn } from "../../payments/creditor-reference.js";
import type { EntryMatch, ImportedEntry, ImportedStatement, MatchBasis } from "../../payments/imported-statement.js";
import { isCreditorReference } from "../../payments/pain001.js";
import { billIdOfEndToEndId } from "../../payments/payment-run.js";
import { currencyAmountError } from "../../shared/currency-amounts.js";
import { conflict, type DomainError, notFound, validationError } from "../../shared/errors.js";
import { foldText } from "../../shared/fold.js";
import { canonicalAmountOf } from "../../shared/money.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import type { CoreDeps } from "../deps.js";
import { type OperationName, operationPlace } from "../idempotency.js";
import type { InvoiceDeps } from "../invoices/deps.js";
import { recordPayment } from "../invoices/record-payment.js";
import { settleTransferWithin } from "./payment-runs.js";

// Bank statements (camt.053, camt.054): credits are matched to open invoices (their RF creditor reference first,
// then amount + customer + dates) and recorded through the same recordPayment as a manual payment, keyed by the
// entry's identity (account, booking date, amount, direction, the bank's references), so an import repeated, or the
// same entry in another or a changed file, records nothing twice (it names the earlier payment); debits confirm the
// bills of payment runs by their end-to-end ids, paid on the booking date. What is not matched waits for a person.

/** The most entries one file may carry. */
export const MAX_STATEMENT_ENTRIES = 10_000;
/** Open invoices a credit is compared with (the oldest first); beyond, match by hand. */
const MAX_OPEN_INVOICES = 5_000;
/** A credit matched by amount and customer may come this many days after the invoice's due date. */
const LATE_DAYS = 120;

export const bankStatementNotFound = (): DomainError =>
  notFound("BankStatement.NotFound", "The bank statement does not exist.");

/** The input of an import: the file's sha-256 (hex) and the statements read from it. */
export interface ImportStatementInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly fingerprint: string;
  readonly statements: readonly BankStatement[];
  /**
   * The operation the statement's payments are remembered under (keyed by their entries, unique per operation and
   * organisation), named by the caller; an import and a manual match must name the same one.
   */
  readonly payments: OperationName;
}

/** A name as compared: folded (no marks, no case, `ł` as `l`), letters and digits only. */
const normalName = (name: string): string => foldText(name).replace(/[^\p{L}\p{N}]+/gu, "");

/** RF references in the entry: structured ones, and any written into the free text. */
const referencesOf = (entry: StatementEntry): string[] => {
  const structured = entry.creditorReferences
    .map((r) => r.replace(/\s/g, "").toUpperCase())
    .filter(isCreditorReference);
  // Lines of free text are one text: a reference may be broken over two of them.
  return [...new Set([...structured, ...creditorReferencesIn(entry.remittanceText.join(" "))])];
};

const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An open invoice as the matcher compares it: its RF reference, customer and amount outstanding worked out once. */
interface OpenInvoice {
  readonly invoice: Invoice;
  readonly reference: string | undefined;
  readonly customer: string;
  /** `<currency> <canonical amount outstanding>`. */
  readonly owed: string;
}

const owedKey = (currency: string, amount: string): string => `${currency} ${canonicalAmountOf(amount) ?? amount}`;

const openInvoiceOf = (invoice: Invoice): OpenInvoice => ({
  invoice,
  reference: invoice.documentNumber === null ? undefined : creditorReferenceFor(invoice.documentNumber),
  customer: normalName(invoice.customer.name),
  owed: owedKey(invoice.currency, outstandingOf(invoice)),
});

/** The open invoices indexed by RF reference and by what they owe, so each credit looks at its few candidates. */
class OpenInvoices {
  private readonly byReference = new Map<string, OpenInvoice[]>();
  private readonly byOwed = new Map<string, OpenInvoice[]>();

  constructor(invoices: readonly Invoice[]) {
    for (const invoice of invoices) this.add(openInvoiceOf(invoice));
  }

  private add(open: OpenInvoice): void {
    if (open.reference !== undefined) push(this.byReference, open.reference, open);
    push(this.byOwed, open.owed, open);
  }

  /**
   * The invoice again as it is now: what it owes decides the next entries' matches (a paid one still claims its RF
   * reference, so a second payment of it waits for a person rather than paying another invoice).
   */
  replace(id: string, fresh: Invoice | undefined): void {
    for (const index of [this.byReference, this.byOwed])
      for (const [key, list] of index) {
        const kept = list.filter((o) => o.invoice.id !== id);
        if (kept.length !== list.length) index.set(key, kept);
      }
    if (fresh !== undefined) this.add(openInvoiceOf(fresh));
  }

  /** The one open invoice a credit pays, and how it was found; undefined when none or several could be meant. */
  invoiceFor(entry: StatementEntry): { invoice: Invoice; basis: MatchBasis } | undefined {
    const byRef = referencesOf(entry).flatMap((r) =>
      (this.byReference.get(r) ?? []).filter((o) => o.invoice.currency === entry.currency),
    );
    const [first, ...others] = byRef;
    if (first !== undefined && others.every((o) => o.invoice.id === first.invoice.id))
      return { invoice: first.invoice, basis: "CreditorReference" };
    if (first !== undefined) return undefined;
    const payer = entry.counterpartyName === null ? "" : normalName(entry.counterpartyName);
    const date = entry.bookingDate ?? entry.valueDate;
    if (payer === "" || date === null) return undefined;
    const candidates = (this.byOwed.get(owedKey(entry.currency, entry.amount)) ?? []).filter(
      ({ invoice, customer }) =>
        customer !== "" &&
        (customer.includes(payer) || payer.includes(customer)) &&
        date >= invoice.issueDate &&
        date <= addDays(invoice.dueDate, LATE_DAYS),
    );
    return candidates.length === 1 && candidates[0] !== undefined
      ? { invoice: candidates[0].invoice, basis: "AmountCustomerDate" }
      : undefined;
  }
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

/** Hands the event loop its turn (other requests are served between chunks of a statement's entries). */
const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
/** Entries matched between two turns of the event loop. */
const ENTRIES_PER_TURN = 100;

/**
 * The idempotency keys of each entry's payment: a hash of its identity (account, booking date unless the bank named
 * the entry, amount, direction, the bank's references; the n-th of alike entries in the file its n-th occurrence),
 * so the entry re-sent in any file, changed or not, is keyed the same, and the same reference under another account
 * is another entry; and the key with the booking date always in it (how payments were keyed before: an entry the
 * bank named and imported then is found by it).
 */
const entryKeys = (
  entries: readonly { entry: StatementEntry; account: string | null }[],
): { key: string; dated: string }[] => {
  const seen = new Map<string, number>();
  const hash = (identity: string) => `bank-entry:${createHash("sha256").update(identity).digest("hex")}`;
  return entries.map(({ entry, account }) => {
    const alike = entryIdentity(entry, account, 0);
    const occurrence = (seen.get(alike) ?? 0) + 1;
    seen.set(alike, occurrence);
    return {
      key: hash(entryIdentity(entry, account, occurrence)),
      dated: hash(entryIdentity(entry, account, occurrence, true)),
    };
  });
};

/**
 * The key entries carried before their identity was the whole entry (the bank's reference on its account). Imports
 * made then recorded their payments under it: a credit found under it was paid, so a file imported before and
 * again now pays nothing twice. (An entry without a reference was keyed by its file, which the file's fingerprint
 * already recognises.)
 */
const legacyEntryKey = (entry: StatementEntry, account: string | null): string =>
  entry.reference === null ? "" : `bank-entry:${account ?? "-"}:${entry.reference}`.slice(0, 255);

/** The payment an earlier import recorded for the entry (its key), if one did. */
const earlierPayment = async (
  deps: InvoiceDeps,
  scope: OrgScope,
  payments: OperationName,
  key: string,
): Promise<{ invoiceId: string; paymentId: string } | undefined> => {
  if (key === "") return undefined;
  const place = operationPlace(scope, { ...payments, key, requestHash: "" });
  const seen = await deps.db.stores.idempotencyKeys.find(place.clientId, place.scope, key);
  const payment = seen?.response as { id?: unknown; invoiceId?: unknown } | undefined;
  return typeof payment?.id === "string" && typeof payment.invoiceId === "string"
    ? { invoiceId: payment.invoiceId, paymentId: payment.id }
    : undefined;
};

const hashOf = (value: unknown): string => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** Records a credit as the invoice's payment (or finds the payment an earlier import of the entry recorded). */
const recordCredit = async (
  deps: InvoiceDeps,
  input: Pick<ImportStatementInput, "scope" | "actor" | "payments">,
  entry: StatementEntry,
  key: string,
  invoiceId: string,
): Promise<E.Either<DomainError, string>> => {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const recorded = await recordPayment(deps)({
    scope: input.scope,
    actor: input.actor,
    invoiceId,
    body: {
      amount: entry.amount,
      paidAt: entry.bookingDate ?? entry.valueDate ?? today,
      method: "BankTransfer",
      reference: entry.reference ?? referencesOf(entry)[0] ?? null,
      notes: entry.counterpartyName === null ? null : `From ${entry.counterpartyName}`.slice(0, 500),
    },
    idempotency: {
      key,
      requestHash: hashOf({ invoiceId, amount: entry.amount, currency: entry.currency }),
      ...input.payments,
    },
  })();
  return E.map((r: { payment: { id: string } }) => r.payment.id)(recorded);
};

/** The bills a debit pays: every end-to-end id of a payment run's transfer, each confirmed (Paid) once. */
const confirmDebit = async (
  deps: CoreDeps,
  input: Pick<ImportStatementInput, "scope" | "actor">,
  entry: StatementEntry,
): Promise<EntryMatch | null> => {
  const billIds: string[] = [];
  // The bill was paid when the bank booked the transfer, not when the statement came.
  const date = entry.bookingDate ?? entry.valueDate;
  for (const endToEndId of entry.endToEndIds) {
    const billId = billIdOfEndToEndId(endToEndId);
    if (billId === undefined) continue;
    const paid = await deps.db.run(async (s) => {
      const run = await s.paymentRuns.ofBill(input.scope, billId);
      const item = run?.items.find((i) => i.billId === billId);
      if (run === undefined || item === undefined) return false;
      if (item.status === "Paid") return true;
      if (item.status !== "InProgress") return false;
      const settled = await settleTransferWithin(deps, s, {
        scope: input.scope,
        actor: input.actor,
        runId: run.id,
        billId,
        outcome: "paid",
        ...(date === null ? {} : { paidAt: `${date}T00:00:00.000Z` }),
      });
      return E.isRight(settled);
    });
    if (paid) billIds.push(billId);
  }
  return billIds.length === 0 ? null : { kind: "Bills", billIds, basis: "EndToEndId" };
};

/** The organisation's invoices that still expect money (Sent or PartiallyPaid), oldest first, bounded. */
const openInvoices = async (deps: CoreDeps<"invoices">, scope: OrgScope): Promise<Invoice[]> => {
  const open: Invoice[] = [];
  for (const status of ["Sent", "PartiallyPaid"] as const) {
    let after: string | undefined;
    while (open.length < MAX_OPEN_INVOICES) {
      const page = await deps.db.stores.invoices.list(
        scope,
        { status },
        { limit: 100, ...(after === undefined ? {} : { after }) },
      );
      open.push(...page.items);
      const last = page.items.at(-1);
      if (!page.hasMore || last === undefined) break;
      after = last.id;
    }
  }
  return open;
};

/** What an import answers: the import, and whether it is the earlier import of the same file. */
export interface ImportedStatementAnswer {
  readonly statement: ImportedStatement;
  readonly replayed: boolean;
}

/**
 * Imports a statement file: every entry stored, credits matched to open invoices and recorded as their payments,
 * debits confirming payment runs' bills. The same file again answers the first import and changes nothing.
 */
export const importBankStatement =
  (deps: InvoiceDeps) =>
  (input: ImportStatementInput): TE.TaskEither<DomainError, ImportedStatementAnswer> =>
  async () => {
    const { scope } = input;
    const seen = await deps.db.stores.bankStatements.ofFingerprint(scope, input.fingerprint);
    if (seen !== undefined) return E.right({ statement: seen, replayed: true });
    const entries = input.statements.flatMap((st) => st.entries.map((entry) => ({ entry, account: st.account })));
    if (entries.length > MAX_STATEMENT_ENTRIES)
      return E.left(
        validationError([
          {
            field: "body",
            code: "too_many",
            message: `carries more than ${MAX_STATEMENT_ENTRIES} entries: split the file`,
          },
        ]),
      );
    const refused = entries.flatMap(({ entry }, index) => {
      const error = currencyAmountError(`entries[${index}].amount`, entry.amount, entry.currency);
      return error === undefined ? [] : [error];
    });
    if (refused.length > 0) return E.left(validationError(refused.slice(0, 20)));
    const open = new OpenInvoices(await openInvoices(deps, scope));
    const keys = entryKeys(entries);
    // Before the whole entry was its identity, a payment was keyed by the statement's IBAN (legacyEntryKey).
    const accounts = input.statements.flatMap((st) => st.entries.map(() => st.accountIban));
    const imported: ImportedEntry[] = [];
    for (const [index, { entry }] of entries.entries()) {
      if (index % ENTRIES_PER_TURN === ENTRIES_PER_TURN - 1) await yieldToLoop();
      let match: EntryMatch | null = null;
      const { key, dated } = keys[index] ?? { key: "", dated: "" };
      const earlier =
        entry.direction === "CRDT"
          ? ((await earlierPayment(deps, scope, input.payments, key)) ??
            (dated === key ? undefined : await earlierPayment(deps, scope, input.payments, dated)) ??
            (await earlierPayment(deps, scope, input.payments, legacyEntryKey(entry, accounts[index] ?? null))))
          : undefined;
      if (earlier !== undefined) match = { kind: "Invoice", ...earlier, basis: "EarlierImport" };
      else if (entry.direction === "DBIT") match = await confirmDebit(deps, input, entry);
      else {
        const found = open.invoiceFor(entry);
        if (found !== undefined) {
          const paid = await recordCredit(deps, input, entry, key, found.invoice.id);
          if (E.isRight(paid)) {
            match = { kind: "Invoice", invoiceId: found.invoice.id, paymentId: paid.right, basis: found.basis };
            open.replace(found.invoice.id, await deps.db.stores.invoices.ofId(scope, found.invoice.id));
          }
        }
      }
      imported.push({ ...entry, id: deps.ids.next(), paymentKey: key, match });
    }
    const now = deps.clock.now();
    const statement: ImportedStatement = {
      id: deps.ids.next(),
      clientId: scope.clientId,
      organisationId: scope.organisationId,
      fingerprint: input.fingerprint,
      statementIds: input.statements.flatMap((s) => (s.id === null ? [] : [s.id])),
      accountIbans: [...new Set(input.statements.flatMap((s) => (s.accountIban === null ? [] : [s.accountIban])))],
      entries: imported,
      createdAt: now,
      updatedAt: now,
    };
    return deps.db.run(async (s) => {
      // Two imports of one file at once: the later one answers the first (its payments were keyed the same).
      const raced = await s.bankStatements.ofFingerprint(scope, input.fingerprint);
      if (raced !== undefined) return E.right({ statement: raced, replayed: true });
      await s.bankStatements.insert(statement);
      return E.right({ statement, replayed: false });
    });
  };

/** An import of the organisation, or BankStatement.NotFound. */
export const getBankStatement =
  (deps: CoreDeps<"bankStatements">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, ImportedStatement> =>
  async () => {
    const found = await deps.db.stores.bankStatements.ofId(scope, id);
    return found === undefined ? E.left(bankStatementNotFound()) : E.right(found);
  };

/** The organisation's imports in the order they were made. */
export const listBankStatements =
  (deps: CoreDeps<"bankStatements">) =>
  (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<ImportedStatement>> =>
  async () =>
    E.right(await deps.db.stores.bankStatements.list(scope, page));

/** A page of an import's entries in file order, all or only the (un)matched ones. */
export const listStatementEntries =
  (deps: CoreDeps<"bankStatements">) =>
  (
    scope: OrgScope,
    id: string,
    matched: boolean | undefined,
    page: PageRequest,
  ): TE.TaskEither<DomainError, Page<ImportedEntry>> =>
  async () => {
    const found = await deps.db.stores.bankStatements.ofId(scope, id);
    if (found === undefined) return E.left(bankStatementNotFound());
    const after = page.after;
    const rows = found.entries
      .filter((e) => matched === undefined || (e.match !== null) === matched)
      .filter((e) => after === undefined || e.id > after);
    return E.right({ items: rows.slice(0, page.limit), hasMore: rows.length > page.limit });
  };

/** The input of a manual match: which unmatched credit of which import pays which invoice. */
export interface MatchEntryInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  /** The operation the import's payments are remembered under (see ImportStatementInput). */
  readonly payments: OperationName;
  readonly statementId: string;
  readonly entryId: string;
  readonly invoiceId: string;
}

/**
 * A person matches an unmatched credit to an invoice: recorded as its payment (keyed by the entry as an import
 * would), and the entry then names it (basis Manual). Debits and matched entries answer 409.
 */
export const matchStatementEntry =
  (deps: InvoiceDeps) =>
  (input: MatchEntryInput): TE.TaskEither<DomainError, ImportedEntry> =>
  async () => {
    const { scope } = input;
    const statement = await deps.db.stores.bankStatements.ofId(scope, input.statementId);
    if (statement === undefined) return E.left(bankStatementNotFound());
    const entry = statement.entries.find((e) => e.id === input.entryId);
    if (entry === undefined) return E.left(notFound("BankStatement.EntryNotFound", "The statement has no such entry."));
    if (entry.match !== null) return E.left(conflict("BankStatement.EntryMatched", "The entry is matched already."));
    if (entry.direction !== "CRDT")
      return E.left(conflict("BankStatement.NotACredit", "Only money received is matched to an invoice."));
    const paid = await recordCredit(deps, input, entry, entry.paymentKey, input.invoiceId);
    if (E.isLeft(paid)) return paid;
    const matched: ImportedEntry = {
      ...entry,
      match: { kind: "Invoice", invoiceId: input.invoiceId, paymentId: paid.right, basis: "Manual" },
    };
    return deps.db.run(async (s) => {
      await s.bankStatements.lock(scope, statement.id);
      const current = (await s.bankStatements.ofId(scope, statement.id)) ?? statement;
      const entries = current.entries.map((e) => (e.id === entry.id ? matched : e));
      await s.bankStatements.update({ ...current, entries, updatedAt: deps.clock.now() });
      return E.right(matched);
    });
  };
