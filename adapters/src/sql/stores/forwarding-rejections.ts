import { EMAIL_AUTH_RESULTS, type EmailAuthResult, type ForwardingRejection, REJECTION_REASONS } from "@apar/core";
import type { ForwardingRejections } from "@apar/core/ports";
import { decodeDate, decodeInt, decodeOptionalString, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { pageLimit } from "./paging.js";

interface RejectionRow {
  readonly id: string;
  readonly client_id: string;
  readonly company_id: string;
  readonly from_address: string;
  readonly from_domain: string;
  readonly subject: string | null;
  readonly attachment_count: unknown;
  readonly attachment_summary: string | null;
  readonly reason: string;
  readonly auth_result: string;
  readonly dkim_result: string;
  readonly spf_result: string;
  readonly received_at: unknown;
}

const SELECT = `SELECT id, client_id, company_id, from_address, from_domain, subject, attachment_count,
  attachment_summary, reason, auth_result, dkim_result, spf_result, received_at FROM forwarding_rejections`;

/** A stored enum value; anything else in the column is a defect, not data to pass on. */
const decodeEnum = <A extends string>(allowed: readonly A[], column: string, value: string): A => {
  if ((allowed as readonly string[]).includes(value)) return value as A;
  throw new TypeError(`forwarding_rejections.${column} holds an unknown value: ${value}`);
};

const decodeAuth = (column: string, value: string): EmailAuthResult => decodeEnum(EMAIL_AUTH_RESULTS, column, value);

const decode = (row: RejectionRow): ForwardingRejection => ({
  id: row.id,
  clientId: row.client_id,
  companyId: row.company_id,
  fromAddress: row.from_address,
  fromDomain: row.from_domain,
  subject: decodeOptionalString(row.subject),
  attachmentCount: decodeInt(row.attachment_count),
  attachmentSummary: decodeOptionalString(row.attachment_summary),
  reason: decodeEnum(REJECTION_REASONS, "reason", row.reason),
  authResult: decodeAuth("auth_result", row.auth_result),
  dkimResult: decodeAuth("dkim_result", row.dkim_result),
  spfResult: decodeAuth("spf_result", row.spf_result),
  receivedAt: decodeDate(row.received_at),
});

/** Rejected forwards in SQL, read newest first along (client_id, company_id, received_at, id). */
export const sqlForwardingRejections = (session: SqlSession): ForwardingRejections => ({
  async add(r) {
    await session.execute(
      `INSERT INTO forwarding_rejections (id, client_id, company_id, from_address, from_domain, subject,
         attachment_count, attachment_summary, reason, auth_result, dkim_result, spf_result, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        r.id,
        r.clientId,
        r.companyId,
        r.fromAddress,
        r.fromDomain,
        r.subject,
        r.attachmentCount,
        r.attachmentSummary,
        r.reason,
        r.authResult,
        r.dkimResult,
        r.spfResult,
        encodeDate(r.receivedAt),
      ],
    );
  },
  async newestOfCompany(clientId, companyId, limit) {
    const rows = await session.select<RejectionRow>(
      `${SELECT} WHERE client_id = $1 AND company_id = $2
       ORDER BY received_at DESC, id DESC LIMIT ${pageLimit({ limit })}`,
      [clientId, companyId],
    );
    return rows.map(decode);
  },
  async ofId(clientId, id) {
    const [row] = await session.select<RejectionRow>(`${SELECT} WHERE id = $1 AND client_id = $2`, [id, clientId]);
    return row === undefined ? undefined : decode(row);
  },
  removeOfCompany: (clientId, companyId) =>
    session.execute("DELETE FROM forwarding_rejections WHERE client_id = $1 AND company_id = $2", [
      clientId,
      companyId,
    ]),
});
