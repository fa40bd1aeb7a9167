import * as t from "io-ts";
import { nullable, oneOf } from "../shared/codecs/combinators.js";
import { IsoDate } from "../shared/codecs/iso-date.js";
import { IsoDateTime } from "../shared/codecs/iso-date-time.js";
import { documented } from "../shared/codecs/json-schema.js";
import { Integer } from "../shared/codecs/numbers.js";
import { Uuid } from "../shared/codecs/uuid.js";
import { MoneyAmount } from "../shared/money.js";
import { type ImportedEntry, type ImportedStatement, MATCH_BASES } from "./imported-statement.js";

/** A bank statement import as the API answers it, without its entries (they are listed on their own). */
export const ImportedStatementView = t.type(
  {
    id: Uuid,
    organisationId: Uuid,
    statementIds: t.readonlyArray(t.string),
    accountIbans: t.readonlyArray(t.string),
    entryCount: Integer,
    matchedCount: Integer,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  },
  "BankStatementImport",
);

export const importedStatementJson = (s: ImportedStatement): t.TypeOf<typeof ImportedStatementView> => ({
  id: s.id,
  organisationId: s.organisationId,
  statementIds: s.statementIds,
  accountIbans: s.accountIbans,
  entryCount: s.entries.length,
  matchedCount: s.entries.filter((e) => e.match !== null).length,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

const Basis = oneOf(MATCH_BASES, "MatchBasis");

/** What an entry paid: an invoice (a credit) or bills of payment runs (a debit). */
const EntryMatchView = documented(
  t.union([
    t.type({ kind: t.literal("Invoice"), invoiceId: Uuid, paymentId: Uuid, basis: Basis }),
    t.type({ kind: t.literal("Bills"), billIds: t.readonlyArray(Uuid), basis: Basis }),
  ]),
  {
    description:
      "Basis CreditorReference, AmountCustomerDate, EndToEndId, Manual or EarlierImport (the same bank entry, " +
      "imported before, paid it).",
  },
);

/** An entry of an import as the API answers it. */
export const ImportedEntryView = t.type(
  {
    id: Uuid,
    reference: nullable(t.string),
    amount: documented(MoneyAmount, { pattern: "^\\d{1,20}(\\.\\d{1,10})?$" }),
    currency: t.string,
    direction: oneOf(["CRDT", "DBIT"] as const, "EntryDirection"),
    bookingDate: nullable(IsoDate),
    valueDate: nullable(IsoDate),
    creditorReferences: t.readonlyArray(t.string),
    remittanceText: t.readonlyArray(t.string),
    endToEndIds: t.readonlyArray(t.string),
    counterpartyName: nullable(t.string),
    counterpartyIban: nullable(t.string),
    matched: t.boolean,
    match: nullable(EntryMatchView),
  },
  "BankStatementEntry",
);

export const importedEntryJson = ({
  paymentKey: _key,
  bankReferences: _refs,
  ...e
}: ImportedEntry): t.TypeOf<typeof ImportedEntryView> => ({
  ...e,
  matched: e.match !== null,
});
