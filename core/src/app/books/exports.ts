import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import {
  type AccountingExport,
  type ExportedEntry,
  type ExportJson,
  exportJson,
  type JournalEntry,
} from "../../books/index.js";
import type { Actor } from "../../events/envelope.js";
import type { Stores } from "../../ports/stores.js";
import { type DomainError, domainError, notFound } from "../../shared/errors.js";
import type { Page, PageRequest } from "../../shared/page.js";
import type { OrgScope } from "../../shared/scope.js";
import type { CoreDeps } from "../deps.js";
import { type OperationIdempotency, oncePerKey, operationPlace, rememberResponse } from "../idempotency.js";
import { syncGroupWithin } from "../matching/match-groups.js";
import { chartOf, datevRefusal, journalOf, periodRefusal, timeZoneOf } from "./books.js";
import type { ExportBody } from "./inputs.js";

const exportNotFound = (): DomainError => notFound("AccountingExport.NotFound", "The export does not exist.");

/** Thrown inside the export's unit of work to roll back what it wrote when an entry cannot be written. */
class Refused extends Error {
  constructor(readonly error: DomainError) {
    super(error.detail);
  }
}

/** DATEV's amounts have two decimals (`^\d{1,10},\d{2}$`): an amount with a third is refused, never rounded. */
const datevPrecisionRefusal = (e: JournalEntry): DomainError | undefined =>
  e.lines.some((l) => !/^\d{1,10}(\.\d{1,2})?$/.test(l.amount))
    ? domainError(
        "Conflict",
        "Accounting.DatevAmount",
        `The ${e.kind.replace("_", " ")} ${e.documentNumber ?? e.documentId} books an amount DATEV cannot take ` +
          "(it has more than two decimals, or more than ten digits): export this period as CSV.",
      )
    : undefined;

/** Entries written per statement while an export is recorded. */
const ENTRY_BATCH = 500;

/** Who makes which export, with the request's Idempotency-Key. */
export interface CreateExportInput {
  readonly scope: OrgScope;
  readonly actor: Actor;
  readonly body: ExportBody;
  readonly idempotency?: OperationIdempotency;
}

/**
 * Records an export of a period's journal: in one unit of work, the entries (every one, or with `onlyNew` those no
 * acknowledged export carried) as they are booked now, and the export with its counts. A DATEV export needs the
 * adviser's numbers and a period within one fiscal year, and refuses an amount with more than two decimals (nothing
 * is recorded). With an Idempotency-Key, a repeat answers the first answer again.
 */
export const createExport =
  (deps: CoreDeps<"accountingCharts" | "accountingExports" | "bookSources" | "organisations" | "idempotencyKeys">) =>
  (input: CreateExportInput): TE.TaskEither<DomainError, { readonly record: ExportJson; readonly replayed: boolean }> =>
  async () => {
    const { scope, body, idempotency } = input;
    const period = { from: body.from, to: body.to };
    const refusal = periodRefusal(period);
    if (refusal !== undefined) return E.left(refusal);
    const place = operationPlace(scope, idempotency);
    const record = () =>
      deps.db
        .run(async (s): Promise<E.Either<DomainError, { record: ExportJson; replayed: boolean }>> => {
          const chart = await chartOf(s, scope);
          const datev = body.format === "datev" ? datevRefusal(chart, period) : undefined;
          if (datev !== undefined) return E.left(datev);
          const id = deps.ids.next();
          const onlyNew = body.onlyNew ?? false;
          let seq = 0;
          let lineCount = 0;
          for await (const batch of journalOf(s, scope, period, chart, await timeZoneOf(s, scope))) {
            const carried = onlyNew
              ? await s.accountingExports.carried(
                  scope,
                  batch.map((e) => e.key),
                )
              : new Set<string>();
            const kept = batch.filter((e) => !carried.has(e.key));
            for (const e of kept) {
              const bad = body.format === "datev" ? datevPrecisionRefusal(e) : undefined;
              if (bad !== undefined) throw new Refused(bad);
            }
            for (let i = 0; i < kept.length; i += ENTRY_BATCH) {
              const rows: ExportedEntry[] = kept.slice(i, i + ENTRY_BATCH).map((entry) => ({ seq: ++seq, entry }));
              await s.accountingExports.addEntries(scope, id, rows);
            }
            lineCount += kept.reduce((n, e) => n + e.lines.length, 0);
          }
          const now = deps.clock.now();
          const made: AccountingExport = {
            id,
            ...scope,
            ...period,
            format: body.format,
            onlyNew,
            chart,
            entryCount: seq,
            lineCount,
            createdAt: now,
            createdBy: input.actor,
            acknowledgedAt: null,
            acknowledgedBy: null,
            matchGroupsSynced: 0,
          };
          await s.accountingExports.add(made);
          const json = exportJson(made);
          await rememberResponse(s.idempotencyKeys, place, idempotency, json, now);
          return E.right({ record: json, replayed: false });
        })
        .catch((e: unknown) => {
          if (e instanceof Refused) return E.left(e.error);
          throw e;
        });
    return oncePerKey(
      deps.db.stores.idempotencyKeys,
      place,
      idempotency,
      (seen) => ({ record: seen.response as ExportJson, replayed: true }),
      record,
    );
  };

/** One export. */
export const getExport =
  (deps: CoreDeps<"accountingExports">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, AccountingExport> =>
  async () => {
    const found = await deps.db.stores.accountingExports.ofId(scope, id);
    return found === undefined ? E.left(exportNotFound()) : E.right(found);
  };

/** A page of the organisation's exports, newest first. */
export const listExports =
  (deps: CoreDeps<"accountingExports">) =>
  (scope: OrgScope, page: PageRequest): TE.TaskEither<DomainError, Page<AccountingExport>> =>
  async () =>
    E.right(await deps.db.stores.accountingExports.list(scope, page));

/** The entries of an export in file order, batch by batch (each batch its own read). */
export async function* exportEntries(
  s: Pick<Stores, "accountingExports">,
  scope: OrgScope,
  exportId: string,
): AsyncGenerator<readonly JournalEntry[]> {
  let after = 0;
  for (;;) {
    const rows = await s.accountingExports.entries(scope, exportId, after, ENTRY_BATCH);
    if (rows.length > 0) yield rows.map((r) => r.entry);
    if (rows.length < ENTRY_BATCH) return;
    after = (rows[rows.length - 1] as ExportedEntry).seq;
  }
}

/** An export with its entries, to write its file. */
export interface ExportFile {
  readonly record: AccountingExport;
  readonly entries: AsyncIterable<readonly JournalEntry[]>;
}

/** An export's file: the export and the entries it carried, in the order they were written. */
export const exportFile =
  (deps: CoreDeps<"accountingExports">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, ExportFile> =>
  async () => {
    const s = deps.db.stores;
    const record = await s.accountingExports.ofId(scope, id);
    return record === undefined ? E.left(exportNotFound()) : E.right({ record, entries: exportEntries(s, scope, id) });
  };

/**
 * Acknowledges an export: the receiving system took its entries. In one unit of work, the match group of each bill
 * it carried (posted, not in Variance) is set Synced, naming the export; the export records when, who and how many.
 * Acknowledging it again answers it as it is.
 */
export const acknowledgeExport =
  (deps: CoreDeps<"accountingExports" | "bills" | "matching">) =>
  (scope: OrgScope, actor: Actor, id: string): TE.TaskEither<DomainError, AccountingExport> =>
  () =>
    deps.db
      .run(async (s) => {
        const found = await s.accountingExports.ofId(scope, id);
        if (found === undefined) return E.left(exportNotFound());
        if (found.acknowledgedAt !== null) return E.right(found);
        let synced = 0;
        const seen = new Set<string>();
        for await (const batch of exportEntries(s, scope, id))
          for (const entry of batch) {
            if ((entry.kind !== "bill" && entry.kind !== "bill_payment") || seen.has(entry.documentId)) continue;
            seen.add(entry.documentId);
            const group = await s.matching.matchGroups.ofBill(scope, entry.documentId);
            const bill = group === undefined ? undefined : await s.bills.ofId(scope, entry.documentId);
            if (group === undefined || bill === undefined || group.status === "Synced") continue;
            const done = await syncGroupWithin(deps, s, scope, group, bill, { actor, exportId: id });
            if (E.isRight(done)) synced += 1;
          }
        const acknowledged: AccountingExport = {
          ...found,
          acknowledgedAt: deps.clock.now(),
          acknowledgedBy: actor,
          matchGroupsSynced: synced,
        };
        // Two racing acknowledgements: the loser rolls back (its syncs with it) and answers the winner's record.
        if (!(await s.accountingExports.acknowledge(acknowledged))) throw new Raced();
        return E.right(acknowledged);
      })
      .catch(async (e: unknown) => {
        if (!(e instanceof Raced)) throw e;
        const winner = await deps.db.stores.accountingExports.ofId(scope, id);
        return winner === undefined ? E.left(exportNotFound()) : E.right(winner);
      });

/** Thrown when another acknowledgement of the same export committed first. */
class Raced extends Error {}
