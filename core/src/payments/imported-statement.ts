import type { StatementEntry } from "./camt.js";

/**
 * How an entry was matched: the invoice's RF creditor reference, its amount + customer + dates, a payment run's
 * end-to-end id, a person, or an earlier import of the same bank entry (which recorded the payment named).
 */
export const MATCH_BASES = [
  "CreditorReference",
  "AmountCustomerDate",
  "EndToEndId",
  "Manual",
  "EarlierImport",
] as const;
export type MatchBasis = (typeof MATCH_BASES)[number];

/**
 * What an entry paid: an invoice (a credit, recorded as its payment), or bills of payment runs (a debit; a batch
 * booking books a whole run as one entry).
 */
export type EntryMatch =
  | { readonly kind: "Invoice"; readonly invoiceId: string; readonly paymentId: string; readonly basis: MatchBasis }
  | { readonly kind: "Bills"; readonly billIds: readonly string[]; readonly basis: MatchBasis };

/** An entry as imported: what the bank said, and what it was matched to (null: a person should look). */
export interface ImportedEntry extends StatementEntry {
  readonly id: string;
  /** The idempotency key its invoice payment is recorded under (a hash of the entry's identity). */
  readonly paymentKey: string;
  readonly match: EntryMatch | null;
}

/**
 * A bank statement file imported into an organisation (camt.053 or camt.054; several statements of one file are
 * one import). `fingerprint` is the sha-256 of the file: importing the same file again answers this import.
 */
export interface ImportedStatement {
  readonly id: string;
  readonly clientId: string;
  readonly organisationId: string;
  readonly fingerprint: string;
  /** The bank's statement ids and accounts, as the file named them. */
  readonly statementIds: readonly string[];
  readonly accountIbans: readonly string[];
  readonly entries: readonly ImportedEntry[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
