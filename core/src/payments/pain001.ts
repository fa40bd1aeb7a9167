import type { Currency } from "../shared/currencies.js";
import { mod97 } from "../shared/iso7064.js";
import { formatAmount, sumAmounts } from "../shared/money.js";

// ISO 20022 customer credit transfer initiation (pain.001.001.09): the file a bank takes to pay suppliers. One
// payment information block per file (one debtor account, one currency, one execution date); one transaction per
// bill. Written as text with every value escaped; the tests validate each file against the XSD with xmllint.

/** An account: an IBAN, or a local account number (outside IBAN countries), with the bank's BIC when known. */
export interface PaymentAccount {
  readonly name: string;
  readonly iban: string | null;
  readonly accountNumber: string | null;
  readonly bic: string | null;
  /** ISO 3166-1 alpha-2, for the creditor's postal address country where there is no IBAN. */
  readonly country: string | null;
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

/** ISO text types are bounded (Max35Text, Max140Text); longer values are cut, never refused at the bank. */
const text = (value: string, max: number): string => escapeXml([...value.trim()].slice(0, max).join(""));

/** True for an ISO 11649 creditor reference: RF, two check digits, up to 21 characters, ISO 7064 MOD 97-10 holding. */
export const isCreditorReference = (reference: string): boolean =>
  /^RF\d{2}[A-Z0-9]{1,21}$/.test(reference) && mod97(reference) === 1;

/** SEPA rules apply to euro transfers between IBANs. */
const isSepa = (batch: CreditTransferBatch): boolean =>
  batch.currency === "EUR" && batch.debtor.iban !== null && batch.transfers.every((t) => t.creditor.iban !== null);

const account = (a: PaymentAccount, indent: string): string =>
  a.iban !== null
    ? `${indent}<Id>\n${indent}  <IBAN>${text(a.iban, 34)}</IBAN>\n${indent}</Id>`
    : `${indent}<Id>\n${indent}  <Othr>\n${indent}    <Id>${text(a.accountNumber ?? "NOTPROVIDED", 34)}</Id>\n${indent}  </Othr>\n${indent}</Id>`;

const agent = (bic: string | null, indent: string): string =>
  bic !== null
    ? `${indent}<FinInstnId>\n${indent}  <BICFI>${text(bic, 11)}</BICFI>\n${indent}</FinInstnId>`
    : `${indent}<FinInstnId>\n${indent}  <Othr>\n${indent}    <Id>NOTPROVIDED</Id>\n${indent}  </Othr>\n${indent}</FinInstnId>`;

const remittance = (reference: string | null, indent: string): string => {
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
  return `${indent}<RmtInf>\n${indent}  <Ustrd>${text(reference, 140)}</Ustrd>\n${indent}</RmtInf>\n`;
};

const transfer = (t: CreditTransfer, currency: Currency): string => {
  const i = "      ";
  const creditorAddress =
    t.creditor.iban === null && t.creditor.country !== null
      ? `${i}    <PstlAdr>\n${i}      <Ctry>${text(t.creditor.country, 2)}</Ctry>\n${i}    </PstlAdr>\n`
      : "";
  return [
    `${i}<CdtTrfTxInf>`,
    `${i}  <PmtId>`,
    `${i}    <EndToEndId>${text(t.endToEndId, 35)}</EndToEndId>`,
    `${i}  </PmtId>`,
    `${i}  <Amt>`,
    `${i}    <InstdAmt Ccy="${currency}">${formatAmount(t.amount, currency)}</InstdAmt>`,
    `${i}  </Amt>`,
    ...(t.creditor.bic === null ? [] : [`${i}  <CdtrAgt>`, agent(t.creditor.bic, `${i}    `), `${i}  </CdtrAgt>`]),
    `${i}  <Cdtr>`,
    `${i}    <Nm>${text(t.creditor.name, 140)}</Nm>`,
    `${creditorAddress}${i}  </Cdtr>`,
    `${i}  <CdtrAcct>`,
    account(t.creditor, `${i}    `),
    `${i}  </CdtrAcct>`,
    `${remittance(t.reference, `${i}  `)}${i}</CdtTrfTxInf>`,
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
    `      <MsgId>${text(batch.messageId, 35)}</MsgId>`,
    `      <CreDtTm>${created}</CreDtTm>`,
    `      <NbOfTxs>${count}</NbOfTxs>`,
    `      <CtrlSum>${sum}</CtrlSum>`,
    "      <InitgPty>",
    `        <Nm>${text(batch.initiatingParty, 140)}</Nm>`,
    "      </InitgPty>",
    "    </GrpHdr>",
    "    <PmtInf>",
    `      <PmtInfId>${text(batch.messageId, 35)}</PmtInfId>`,
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
    `        <Nm>${text(batch.debtor.name, 140)}</Nm>`,
    "      </Dbtr>",
    "      <DbtrAcct>",
    account(batch.debtor, "        "),
    "      </DbtrAcct>",
    "      <DbtrAgt>",
    agent(batch.debtor.bic, "        "),
    "      </DbtrAgt>",
    `      <ChrgBr>${sepa ? "SLEV" : "SHAR"}</ChrgBr>`,
    ...batch.transfers.map((t) => transfer(t, batch.currency)),
    "    </PmtInf>",
    "  </CstmrCdtTrfInitn>",
    "</Document>",
    "",
  ].join("\n");
};
