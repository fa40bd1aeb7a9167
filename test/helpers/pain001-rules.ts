import { XMLParser } from "fast-xml-parser";

// Rule checks of a pain.001 file beyond its schema: what a bank needs to route each transfer of a rail. The XSD
// passes a GBP file with no sort code; these do not.

type Node = Record<string, unknown>;

/** One transfer of a file, as the rule checks read it. */
export interface WrittenTransfer {
  readonly currency: string;
  readonly amount: string;
  readonly creditorName: string;
  readonly iban: string | null;
  readonly accountNumber: string | null;
  readonly bic: string | null;
  readonly clearingSystem: string | null;
  readonly memberId: string | null;
  readonly remittance: string | null;
}

const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((n, key) => (n === undefined || n === null ? undefined : (n as Node)[key]), node);
const str = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));

/** The file's service level, charge bearer and transfers. */
export const readPain001 = (xml: string) => {
  const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml) as Node;
  const info = at(doc, "Document", "CstmrCdtTrfInitn", "PmtInf");
  const transfers: WrittenTransfer[] = list(at(info, "CdtTrfTxInf")).map((t) => {
    const amount = at(t, "Amt", "InstdAmt") as Node;
    return {
      currency: String(amount["@_Ccy"]),
      amount: String(amount["#text"]),
      creditorName: String(at(t, "Cdtr", "Nm")),
      iban: str(at(t, "CdtrAcct", "Id", "IBAN")),
      accountNumber: str(at(t, "CdtrAcct", "Id", "Othr", "Id")),
      bic: str(at(t, "CdtrAgt", "FinInstnId", "BICFI")),
      clearingSystem: str(at(t, "CdtrAgt", "FinInstnId", "ClrSysMmbId", "ClrSysId", "Cd")),
      memberId: str(at(t, "CdtrAgt", "FinInstnId", "ClrSysMmbId", "MmbId")),
      remittance: str(at(t, "RmtInf", "Ustrd")),
    };
  });
  return {
    serviceLevel: str(at(info, "PmtTpInf", "SvcLvl", "Cd")),
    chargeBearer: str(at(info, "ChrgBr")),
    debtorName: String(at(info, "Dbtr", "Nm")),
    transfers,
  };
};

const EPC = /^[A-Za-z0-9/\-?:().,'+ ]*$/;
const ASCII = /^[\x20-\x7e]*$/;

const abaValid = (n: string): boolean => {
  if (!/^\d{9}$/.test(n)) return false;
  const d = [...n].map(Number);
  const sum = 3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) + 7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0));
  return (sum + (d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0)) % 10 === 0;
};

/** The rails a file is checked against: what each transfer must carry for its bank to route it. */
export type RailRule = "SEPA" | "GBDSC" | "USABA" | "AUBSB" | "CACPA" | "INFSC" | "CLABE" | "SWIFT";

/** Every rule of `rail` the file breaks ([] when it routes). */
export const railViolations = (xml: string, rail: RailRule): string[] => {
  const file = readPain001(xml);
  const out: string[] = [];
  const texts = [file.debtorName, ...file.transfers.flatMap((t) => [t.creditorName, t.remittance ?? ""])];
  const charset = rail === "SEPA" ? EPC : ASCII;
  for (const value of texts) if (!charset.test(value)) out.push(`"${value}" is outside the ${rail} character set`);
  if (file.transfers.length === 0) out.push("the file has no transfer");
  for (const t of file.transfers) {
    const local = (system: string, member: (id: string) => boolean, account: RegExp, currency: string) => {
      if (t.currency !== currency) out.push(`${rail} pays ${currency}, not ${t.currency}`);
      if (t.clearingSystem !== system) out.push(`no ${system} clearing system id (${String(t.clearingSystem)})`);
      if (t.memberId === null || !member(t.memberId)) out.push(`${system} member id ${String(t.memberId)} is wrong`);
      if (t.iban === null && (t.accountNumber === null || !account.test(t.accountNumber)))
        out.push(`account number ${String(t.accountNumber)} is not a ${rail} account`);
    };
    if (rail === "SEPA") {
      if (t.currency !== "EUR") out.push(`SEPA pays euros, not ${t.currency}`);
      if (t.iban === null) out.push("a SEPA creditor needs an IBAN");
      if (t.clearingSystem !== null) out.push("SEPA takes the creditor agent's BIC only");
      if (file.serviceLevel !== "SEPA" || file.chargeBearer !== "SLEV") out.push("no SEPA service level or SLEV");
    } else if (rail === "GBDSC") local("GBDSC", (id) => /^\d{6}$/.test(id), /^\d{8}$/, "GBP");
    else if (rail === "USABA") local("USABA", abaValid, /^\d{2,17}$/, "USD");
    else if (rail === "AUBSB") local("AUBSB", (id) => /^\d{6}$/.test(id), /^\d{5,9}$/, "AUD");
    else if (rail === "CACPA") local("CACPA", (id) => /^0\d{8}$/.test(id), /^\d{5,12}$/, "CAD");
    else if (rail === "INFSC") local("INFSC", (id) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(id), /^\d{9,18}$/, "INR");
    else if (rail === "CLABE") {
      if (t.currency !== "MXN" || t.accountNumber === null || !/^\d{18}$/.test(t.accountNumber))
        out.push("SPEI pays MXN to an 18-digit CLABE");
    } else if (t.bic === null || !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(t.bic))
      out.push("a SWIFT transfer names the creditor's bank by its BIC");
  }
  return out;
};
