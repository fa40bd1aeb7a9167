import { all, attr, one, text, type XmlNode } from "../extraction/einvoice/xml-tree.js";
import { type Currency, isCurrency } from "../shared/currencies.js";

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
}

/** One statement (or notification, or report) of one account. */
export interface BankStatement {
  readonly id: string | null;
  readonly accountIban: string | null;
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
      entries: all(statement, "Ntry")
        .map(entryOf)
        .filter((e): e is StatementEntry => e !== null),
    }));
  }
  return null;
};
