import { all, attr, one, text, type XmlNode } from "../extraction/einvoice/xml-tree.js";
import { type Currency, isCurrency } from "../shared/currencies.js";
import { canonicalAmountOf } from "../shared/money.js";

// Bank statements as banks send them: camt.053 (end-of-day statement), camt.054 (debit/credit notification) and
// camt.052 (intraday report), any version. The adapter parses the XML (namespace prefixes removed); this reads the
// entries a person or the matcher needs.

/** One booked movement on the account. */
export interface StatementEntry {
  /** The bank's reference for the entry (AcctSvcrRef, else NtryRef), else null; what makes an import idempotent. */
  readonly reference: string | null;
  /** A positive decimal string as the bank wrote it. */
  readonly amount: string;
  readonly currency: Currency;
  /** CRDT: money came in (a customer paid); DBIT: money went out (a supplier was paid). */
  readonly direction: "CRDT" | "DBIT";
  /** YYYY-MM-DD (from Dt or DtTm). */
  readonly bookingDate: string | null;
  readonly valueDate: string | null;
  /** Structured creditor references (SCOR, e.g. ISO 11649 RF) from the remittance information. */
  readonly creditorReferences: readonly string[];
  /** Free-text remittance lines. */
  readonly remittanceText: readonly string[];
  /** The end-to-end ids of the transactions (a payment run's bill ids come back here). */
  readonly endToEndIds: readonly string[];
  /** The other party: the debtor of a credit, the creditor of a debit. */
  readonly counterpartyName: string | null;
  readonly counterpartyIban: string | null;
  /**
   * The bank's references that name the entry wherever it is exported again: its AcctSvcrRef when the bank gave
   * one, else every reference of its transactions (AcctSvcrRef, EndToEndId, TxId, InstrId, UETR, ...), sorted.
   * NtryRef is left out: it numbers entries within one file. With the account, booking date, amount and direction
   * it is the entry's identity (see `entryIdentity`).
   */
  readonly bankReferences: readonly string[];
}

/** One statement (or notification, or report) of one account. */
export interface BankStatement {
  readonly id: string | null;
  readonly accountIban: string | null;
  /** The account as the file names it: its IBAN, else its other id (Othr/Id), else null. */
  readonly account: string | null;
  readonly entries: readonly StatementEntry[];
}

const ROOTS: readonly (readonly [string, string])[] = [
  ["BkToCstmrStmt", "Stmt"],
  ["BkToCstmrDbtCdtNtfctn", "Ntfctn"],
  ["BkToCstmrAcctRpt", "Rpt"],
];

const dateOf = (node: XmlNode): string | null => {
  const value = text(node, "Dt") ?? text(node, "DtTm");
  return value === null ? null : value.slice(0, 10);
};

const present = (values: readonly (string | null)[]): string[] => values.filter((v): v is string => v !== null);

/** The references of a transaction its bank or its payer gave, each tagged with what it is. */
const TRANSACTION_REFERENCES = [
  "AcctSvcrRef",
  "EndToEndId",
  "TxId",
  "InstrId",
  "PmtInfId",
  "MsgId",
  "UETR",
  "MndtId",
  "ChqNb",
  "ClrSysRef",
] as const;

const bankReferencesOf = (ntry: XmlNode, details: readonly XmlNode[]): string[] => {
  const own = text(ntry, "AcctSvcrRef");
  if (own !== null) return [`AcctSvcrRef:${own}`];
  const refs = details.flatMap((d) =>
    TRANSACTION_REFERENCES.flatMap((tag) => {
      const value = text(d, "Refs", tag);
      return value === null || value === "NOTPROVIDED" ? [] : [`${tag}:${value}`];
    }),
  );
  return [...new Set(refs)].sort();
};

const entryOf = (ntry: XmlNode): StatementEntry | null => {
  const amount = text(ntry, "Amt");
  const currency = attr(ntry, "Ccy", "Amt");
  const direction = text(ntry, "CdtDbtInd");
  if (amount === null || !/^\d+(\.\d+)?$/.test(amount) || currency === null || !isCurrency(currency)) return null;
  if (direction !== "CRDT" && direction !== "DBIT") return null;
  const details = all(ntry, "NtryDtls", "TxDtls");
  const party = direction === "CRDT" ? "Dbtr" : "Cdtr";
  const firstParty = details.map((d) => one(d, "RltdPties")).find((p) => p !== undefined);
  return {
    reference: text(ntry, "AcctSvcrRef") ?? text(ntry, "NtryRef"),
    amount,
    currency,
    direction,
    bookingDate: dateOf(one(ntry, "BookgDt")),
    valueDate: dateOf(one(ntry, "ValDt")),
    creditorReferences: present(
      details.flatMap((d) => all(d, "RmtInf", "Strd", "CdtrRefInf").map((r) => text(r, "Ref"))),
    ),
    remittanceText: present(details.flatMap((d) => all(d, "RmtInf", "Ustrd").map((u) => text(u)))),
    endToEndIds: present(details.map((d) => text(d, "Refs", "EndToEndId"))).filter((id) => id !== "NOTPROVIDED"),
    counterpartyName:
      firstParty === undefined ? null : (text(firstParty, party, "Nm") ?? text(firstParty, party, "Pty", "Nm")),
    counterpartyIban: firstParty === undefined ? null : text(firstParty, `${party}Acct`, "Id", "IBAN"),
    bankReferences: bankReferencesOf(ntry, details),
  };
};

/**
 * The statements of a camt.052/053/054 document, each with its entries (entries that are not a well-formed
 * amount, currency and direction are left out), or null when the document is none of them.
 */
export const readBankStatements = (tree: XmlNode): BankStatement[] | null => {
  const document = one(tree, "Document");
  for (const [root, record] of ROOTS) {
    const message = one(document, root);
    if (message === undefined) continue;
    return all(message, record).map((statement) => ({
      id: text(statement, "Id"),
      accountIban: text(statement, "Acct", "Id", "IBAN"),
      account: text(statement, "Acct", "Id", "IBAN") ?? text(statement, "Acct", "Id", "Othr", "Id"),
      entries: all(statement, "Ntry")
        .map(entryOf)
        .filter((e): e is StatementEntry => e !== null),
    }));
  }
  return null;
};

/** True when the bank named the entry itself (AcctSvcrRef: unique on its account, kept when the entry is corrected). */
const namedByBank = (entry: StatementEntry): boolean => entry.bankReferences[0]?.startsWith("AcctSvcrRef:") === true;

/**
 * What makes an entry the same entry in any file the bank sends: its account, amount, currency, direction and the
 * bank's references, and its booking date (else value date) unless the bank named the entry itself (AcctSvcrRef: a
 * re-export with a corrected booking date is the same entry), with `occurrence` (1, 2, ...) telling apart entries
 * of one file that are alike in all of these. Anything else (remittance text, names, the file's other entries, its
 * ids) may change in a re-sent or re-exported file without making the entry another. `dated` keeps the booking date
 * in every identity (how entries were keyed before; earlier imports are found by it).
 */
export const entryIdentity = (
  entry: StatementEntry,
  account: string | null,
  occurrence: number,
  dated = !namedByBank(entry),
): string =>
  JSON.stringify([
    account?.replace(/\s/g, "").toUpperCase() ?? null,
    dated ? (entry.bookingDate ?? entry.valueDate) : null,
    canonicalAmountOf(entry.amount) ?? entry.amount,
    entry.currency,
    entry.direction,
    entry.bankReferences,
    occurrence,
  ]);
