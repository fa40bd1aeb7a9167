import type { CompanyBill } from "@apar/core";
import type { CompanyBills } from "@apar/core/ports";
import { decodeDate, decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

interface CompanyBillRow {
  readonly id: string;
  readonly client_id: string;
  readonly company_id: string;
  readonly state: string;
  readonly data: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

type Data = Omit<CompanyBill, "id" | "clientId" | "companyId" | "state" | "createdAt" | "updatedAt">;

const SELECT = "SELECT id, client_id, company_id, state, data, created_at, updated_at FROM company_bills";

const dataOf = (b: CompanyBill): string => {
  const { id: _id, clientId: _c, companyId: _co, state: _s, createdAt: _a, updatedAt: _u, ...data } = b;
  return JSON.stringify(data);
};

const decode = (row: CompanyBillRow): CompanyBill => {
  if (row.state !== "Extracting" && row.state !== "PendingReview" && row.state !== "ExtractionFailed")
    throw new TypeError(`company_bills.state holds an unknown value: ${row.state}`);
  const data = decodeJson<Data>(row.data);
  return {
    ...data,
    // Rows written before issue 33 carry no supplier evidence (a waiting bill never has a supplier).
    supplierEvidence: data.supplierEvidence ?? null,
    id: row.id,
    clientId: row.client_id,
    companyId: row.company_id,
    state: row.state,
    createdAt: decodeDate(row.created_at),
    updatedAt: decodeDate(row.updated_at),
  };
};

/** Bills waiting for an organisation, in SQL: the columns that find them, the rest as JSON. */
export const sqlCompanyBills = (session: SqlSession): CompanyBills => ({
  async add(b) {
    await session.execute(
      `INSERT INTO company_bills (id, client_id, company_id, state, data, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [b.id, b.clientId, b.companyId, b.state, dataOf(b), encodeDate(b.createdAt), encodeDate(b.updatedAt)],
    );
  },
  async ofId(clientId, companyId, id) {
    const [row] = await session.select<CompanyBillRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND company_id = $3`,
      [id, clientId, companyId],
    );
    return row === undefined ? undefined : decode(row);
  },
  async update(b) {
    await session.execute(
      "UPDATE company_bills SET state = $1, data = $2, updated_at = $3 WHERE id = $4 AND client_id = $5 AND company_id = $6",
      [b.state, dataOf(b), encodeDate(b.updatedAt), b.id, b.clientId, b.companyId],
    );
  },
  async remove(clientId, companyId, id) {
    const n = await session.execute("DELETE FROM company_bills WHERE id = $1 AND client_id = $2 AND company_id = $3", [
      id,
      clientId,
      companyId,
    ]);
    return n > 0;
  },
  removeOfCompany: (clientId, companyId) =>
    session.execute("DELETE FROM company_bills WHERE client_id = $1 AND company_id = $2", [clientId, companyId]),
  async documentHashes() {
    // Bills wait here only until someone picks their organisation: few rows, read whole.
    const rows = await session.select<{ data: unknown }>("SELECT data FROM company_bills", []);
    return new Set(rows.map((r) => decodeJson<Data>(r.data).document.sha256));
  },
});
