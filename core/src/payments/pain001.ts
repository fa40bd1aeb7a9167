import type { Currency } from "../shared/currencies.js";
import { mod97 } from "../shared/iso7064.js";
import { formatAmount, sumAmounts } from "../shared/money.js";

// ISO 20022 customer credit transfer initiation (pain.001.001.09): the file a bank takes to pay suppliers. One
// payment information block per file (one debtor account, one currency, one execution date); one transaction per
// bill. Written as text with every value escaped and in the rail's character set (the EPC set for SEPA, printable
// ASCII elsewhere): a file is always well-formed. The tests validate each file against the XSD with xmllint.

/** An account: an IBAN, or a local account number (outside IBAN countries), with the bank's BIC when known. */
export interface PaymentAccount {
  readonly name: string;
  readonly iban: string | null;
  readonly accountNumber: string | null;
  readonly bic: string | null;
  /** ISO 3166-1 alpha-2, for the creditor's postal address country where there is no IBAN. */
  readonly country: string | null;
  /** The bank's clearing system member id (a sort code under GBDSC, an ABA routing number under USABA, ...). */
  readonly clearing?: ClearingSystemMember | null;
}

/** A bank as its clearing system knows it: the ISO external clearing system code and the member id. */
export interface ClearingSystemMember {
  readonly system: string;
  readonly memberId: string;
}

/** One credit transfer: a bill paid to its supplier. */
export interface CreditTransfer {
  /** Up to 35 characters; comes back on the statement, so bills are found again by it. */
  readonly endToEndId: string;
  /** A decimal string in the batch's currency. */
  readonly amount: string;
  readonly creditor: PaymentAccount;
  /** An ISO 11649 creditor reference (`RF...`) goes structured; anything else unstructured (the invoice number). */
  readonly reference: string | null;
}

/** A batch: everything one pain.001 file says. */
export interface CreditTransferBatch {
  /** Up to 35 characters, unique per file. */
  readonly messageId: string;
  readonly createdAt: Date;
  readonly initiatingParty: string;
  readonly currency: Currency;
  /** YYYY-MM-DD. */
  readonly executionDate: string;
  readonly debtor: PaymentAccount;
  readonly transfers: readonly CreditTransfer[];
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** Letters the Latin character sets lack, written as banks transliterate them (the rest lose their accents). */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  Ä: "Ae",
  Ö: "Oe",
  Ü: "Ue",
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "TH",
  ı: "i",
  "€": "EUR",
  "&": "+",
};

/** The EPC SEPA rulebook's character set (the Latin set every SEPA bank takes). */
const EPC = /^[A-Za-z0-9/\-?:().,'+ ]$/;
/** Outside SEPA: printable ASCII (what ACH, Bacs, Faster Payments and SWIFT all carry once escaped). */
const ASCII = /^[\x20-\x7e]$/;

/**
 * Text in a rail's character set: control characters (never well-formed XML) and other white space become one
 * space, letters lose their accents or are transliterated (ß to ss), and anything else becomes a full stop.
 */
export const inCharacterSet = (value: string, sepa: boolean): string => {
  const allowed = sepa ? EPC : ASCII;
  const out: string[] = [];
  for (const char of value) {
    if (allowed.test(char)) {
      out.push(char);
      continue;
    }
    if (/[\p{Cc}\p{Cf}\p{Z}\p{Cs}\uFFFE\uFFFF]/u.test(char)) {
      out.push(" ");
      continue;
    }
    const mapped = TRANSLITERATION[char] ?? char.normalize("NFKD").replace(/\p{M}/gu, "");
    out.push([...mapped].every((c) => allowed.test(c)) && mapped !== "" ? mapped : ".");
  }
  return out.join("").replace(/ {2,}/g, " ").trim();
};

/** ISO text types are bounded (Max35Text, Max140Text); longer values are cut, never refused at the bank. */
const text = (value: string, max: number, sepa: boolean): string =>
  escapeXml([...inCharacterSet(value, sepa)].slice(0, max).join("").trim());

/** True for an ISO 11649 creditor reference: RF, two check digits, up to 21 characters, ISO 7064 MOD 97-10 holding. */
export const isCreditorReference = (reference: string): boolean =>
  /^RF\d{2}[A-Z0-9]{1,21}$/.test(reference) && mod97(reference) === 1;

/** SEPA rules apply to euro transfers between IBANs. */
const isSepa = (batch: CreditTransferBatch): boolean =>
  batch.currency === "EUR" && batch.debtor.iban !== null && batch.transfers.every((t) => t.creditor.iban !== null);

const account = (a: PaymentAccount, indent: string, sepa: boolean): string =>
  a.iban !== null
    ? `${indent}<Id>\n${indent}  <IBAN>${text(a.iban, 34, sepa)}</IBAN>\n${indent}</Id>`
    : `${indent}<Id>\n${indent}  <Othr>\n${indent}    <Id>${text(a.accountNumber ?? "NOTPROVIDED", 34, sepa)}</Id>\n${indent}  </Othr>\n${indent}</Id>`;

const agent = (bic: string | null, indent: string): string =>
  bic !== null
    ? `${indent}<FinInstnId>\n${indent}  <BICFI>${text(bic, 11, true)}</BICFI>\n${indent}</FinInstnId>`
    : `${indent}<FinInstnId>\n${indent}  <Othr>\n${indent}    <Id>NOTPROVIDED</Id>\n${indent}  </Othr>\n${indent}</FinInstnId>`;

/**
 * The creditor's bank: its BIC and, outside SEPA, its clearing system member id (the sort code, the ABA routing
 * number, ...), which is what a domestic rail routes by. SEPA takes the BIC only (and none is needed).
 */
const creditorAgent = (creditor: PaymentAccount, indent: string, sepa: boolean): string[] => {
  const clearing = sepa ? null : (creditor.clearing ?? null);
  if (creditor.bic === null && clearing === null) return [];
  return [
    `${indent}<CdtrAgt>`,
    `${indent}  <FinInstnId>`,
    ...(creditor.bic === null ? [] : [`${indent}    <BICFI>${text(creditor.bic, 11, true)}</BICFI>`]),
    ...(clearing === null
      ? []
      : [
          `${indent}    <ClrSysMmbId>`,
          `${indent}      <ClrSysId>`,
          `${indent}        <Cd>${text(clearing.system, 5, true)}</Cd>`,
          `${indent}      </ClrSysId>`,
          `${indent}      <MmbId>${text(clearing.memberId, 35, true)}</MmbId>`,
          `${indent}    </ClrSysMmbId>`,
        ]),
    `${indent}  </FinInstnId>`,
    `${indent}</CdtrAgt>`,
  ];
};

const remittance = (reference: string | null, indent: string, sepa: boolean): string => {
  if (reference === null || reference.trim() === "") return "";
  const compact = reference.replace(/\s/g, "").toUpperCase();
  if (isCreditorReference(compact))
    return [
      `${indent}<RmtInf>`,
      `${indent}  <Strd>`,
      `${indent}    <CdtrRefInf>`,
      `${indent}      <Tp>`,
      `${indent}        <CdOrPrtry>`,
      `${indent}          <Cd>SCOR</Cd>`,
      `${indent}        </CdOrPrtry>`,
      `${indent}      </Tp>`,
      `${indent}      <Ref>${compact}</Ref>`,
      `${indent}    </CdtrRefInf>`,
      `${indent}  </Strd>`,
      `${indent}</RmtInf>`,
      "",
    ].join("\n");
  const unstructured = text(reference, 140, sepa);
  return unstructured === ""
    ? ""
    : `${indent}<RmtInf>\n${indent}  <Ustrd>${unstructured}</Ustrd>\n${indent}</RmtInf>\n`;
};

/** A name as the file writes it: never empty (the schema wants one character at least). */
const name = (value: string, sepa: boolean): string => {
  const written = text(value, 140, sepa);
  return written === "" ? "NOTPROVIDED" : written;
};

const transfer = (t: CreditTransfer, currency: Currency, sepa: boolean): string => {
  const i = "      ";
  const creditorAddress =
    t.creditor.iban === null && t.creditor.country !== null
      ? `${i}    <PstlAdr>\n${i}      <Ctry>${text(t.creditor.country, 2, true)}</Ctry>\n${i}    </PstlAdr>\n`
      : "";
  return [
    `${i}<CdtTrfTxInf>`,
    `${i}  <PmtId>`,
    `${i}    <EndToEndId>${text(t.endToEndId, 35, true)}</EndToEndId>`,
    `${i}  </PmtId>`,
    `${i}  <Amt>`,
    `${i}    <InstdAmt Ccy="${currency}">${formatAmount(t.amount, currency)}</InstdAmt>`,
    `${i}  </Amt>`,
    ...creditorAgent(t.creditor, `${i}  `, sepa),
    `${i}  <Cdtr>`,
    `${i}    <Nm>${name(t.creditor.name, sepa)}</Nm>`,
    `${creditorAddress}${i}  </Cdtr>`,
    `${i}  <CdtrAcct>`,
    account(t.creditor, `${i}    `, sepa),
    `${i}  </CdtrAcct>`,
    `${remittance(t.reference, `${i}  `, sepa)}${i}</CdtTrfTxInf>`,
  ].join("\n");
};

/** The control sum of a batch: the exact sum of its amounts, at the currency's minor unit. */
export const controlSum = (batch: Pick<CreditTransferBatch, "currency" | "transfers">): string =>
  formatAmount(sumAmounts(batch.transfers.map((t) => t.amount)), batch.currency);

/** A pain.001.001.09 document for the batch (UTF-8 text). */
export const pain001 = (batch: CreditTransferBatch): string => {
  const sepa = isSepa(batch);
  const sum = controlSum(batch);
  const count = batch.transfers.length;
  const created = batch.createdAt.toISOString().slice(0, 19);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">`,
    "  <CstmrCdtTrfInitn>",
    "    <GrpHdr>",
    `      <MsgId>${text(batch.messageId, 35, true)}</MsgId>`,
    `      <CreDtTm>${created}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${sum}</CtrlSum>`,
    "      <InitgPty>",
    `        <Nm>${name(batch.initiatingParty, sepa)}</Nm>`,
    "      </InitgPty>",
    "    </GrpHdr>",
    "    <PmtInf>",
    `      <PmtInfId>${text(batch.messageId, 35, true)}</PmtInfId>`,
    "      <PmtMtd>TRF</PmtMtd>",
    "      <BtchBookg>true</BtchBookg>",
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${sum}</CtrlSum>`,
    ...(sepa
      ? ["      <PmtTpInf>", "        <SvcLvl>", "          <Cd>SEPA</Cd>", "        </SvcLvl>", "      </PmtTpInf>"]
      : []),
    "      <ReqdExctnDt>",
    `        <Dt>${batch.executionDate}</Dt>`,
    "      </ReqdExctnDt>",
    "      <Dbtr>",
    `        <Nm>${name(batch.debtor.name, sepa)}</Nm>`,
    "      </Dbtr>",
    "      <DbtrAcct>",
    account(batch.debtor, "        ", sepa),
    "      </DbtrAcct>",
    "      <DbtrAgt>",
    agent(batch.debtor.bic, "        "),
    "      </DbtrAgt>",
    `      <ChrgBr>${sepa ? "SLEV" : "SHAR"}</ChrgBr>`,
    ...batch.transfers.map((t) => transfer(t, batch.currency, sepa)),
    "    </PmtInf>",
    "  </CstmrCdtTrfInitn>",
    "</Document>",
    "",
  ].join("\n");
};
