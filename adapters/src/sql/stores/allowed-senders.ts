import type { AllowedSender } from "@apar/core";
import type { AllowedSenders } from "@apar/core/ports";
import { decodeDate, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface SenderRow {
  readonly id: string;
  readonly client_id: string;
  readonly company_id: string;
  readonly kind: string;
  readonly value: string;
  readonly created_at: unknown;
}

const SELECT = "SELECT id, client_id, company_id, kind, value, created_at FROM allowed_senders";

const decode = (row: SenderRow): AllowedSender => {
  if (row.kind !== "Address" && row.kind !== "Domain")
    throw new TypeError(`allowed_senders.kind holds an unknown value: ${row.kind}`);
  return {
    id: row.id,
    clientId: row.client_id,
    companyId: row.company_id,
    kind: row.kind,
    value: row.value,
    createdAt: decodeDate(row.created_at),
  };
};

/** Companies' sender allowlists in SQL, read along (client_id, company_id, id). */
export const sqlAllowedSenders = (session: SqlSession): AllowedSenders => ({
  async add(s) {
    await session.execute(
      `INSERT INTO allowed_senders (id, client_id, company_id, kind, value, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [s.id, s.clientId, s.companyId, s.kind, s.value, encodeDate(s.createdAt)],
    );
  },
  async listOfCompany(clientId, companyId) {
    const rows = await session.select<SenderRow>(`${SELECT} WHERE client_id = $1 AND company_id = $2 ORDER BY id`, [
      clientId,
      companyId,
    ]);
    return rows.map(decode);
  },
  async ofId(clientId, companyId, id) {
    const [row] = await session.select<SenderRow>(`${SELECT} WHERE id = $1 AND client_id = $2 AND company_id = $3`, [
      id,
      clientId,
      companyId,
    ]);
    return row === undefined ? undefined : decode(row);
  },
  async remove(clientId, companyId, id) {
    const n = await session.execute(
      "DELETE FROM allowed_senders WHERE id = $1 AND client_id = $2 AND company_id = $3",
      [id, clientId, companyId],
    );
    return n > 0;
  },
  removeOfCompany: (clientId, companyId) =>
    session.execute("DELETE FROM allowed_senders WHERE client_id = $1 AND company_id = $2", [clientId, companyId]),
});
