// camt.053 files as a bank writes them, for tests and benches: one statement of one account with the given entries.

/** One booked movement: the bank's reference (AcctSvcrRef; null: none), amount and direction, and what else it names. */
export interface CamtEntry {
  readonly ref: string | null;
  readonly amount: string;
  readonly direction: "CRDT" | "DBIT";
  readonly currency?: string;
  /** YYYY-MM-DD; default today. */
  readonly bookingDate?: string;
  readonly name?: string;
  readonly rf?: string;
  readonly text?: string;
  readonly endToEndIds?: readonly string[];
}

/** The statement's id, its account (default DE89370400440532013000) and when it was written. */
export interface CamtStatement {
  readonly id: string;
  readonly iban?: string;
  readonly createdAt?: string;
}

const today = () => new Date().toISOString().slice(0, 10);

const entryXml = (e: CamtEntry): string => {
  const party = e.direction === "CRDT" ? "Dbtr" : "Cdtr";
  const date = e.bookingDate ?? today();
  const details = (e.endToEndIds ?? ["NOTPROVIDED"]).map(
    (endToEnd, i) => `<TxDtls><Refs><EndToEndId>${endToEnd}</EndToEndId></Refs>
${i === 0 && e.name !== undefined ? `<RltdPties><${party}><Nm>${e.name}</Nm></${party}></RltdPties>` : ""}
${i === 0 && e.rf !== undefined ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${e.rf}</Ref></CdtrRefInf></Strd></RmtInf>` : ""}
${i === 0 && e.text !== undefined ? `<RmtInf><Ustrd>${e.text}</Ustrd></RmtInf>` : ""}</TxDtls>`,
  );
  return `<Ntry><Amt Ccy="${e.currency ?? "EUR"}">${e.amount}</Amt><CdtDbtInd>${e.direction}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt>${e.ref === null ? "" : `<AcctSvcrRef>${e.ref}</AcctSvcrRef>`}
<NtryDtls>${details.join("")}</NtryDtls></Ntry>`;
};

/** A camt.053.001.02 document with one statement of these entries. */
export const camt053 = (statement: CamtStatement | string, entries: readonly CamtEntry[]): Buffer => {
  const s = typeof statement === "string" ? { id: statement } : statement;
  const created = s.createdAt ?? `${today()}T18:00:00`;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>${s.id}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>
<Stmt><Id>${s.id}</Id><CreDtTm>${created}</CreDtTm><Acct><Id><IBAN>${s.iban ?? "DE89370400440532013000"}</IBAN></Id></Acct>
${entries.map(entryXml).join("\n")}
</Stmt></BkToCstmrStmt></Document>`);
};
