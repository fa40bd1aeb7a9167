import type { ApprovalPolicy, BillLifecycle } from "@apar/core";
import type { ApprovalLinks, ApprovalPolicies, BillLifecycles } from "@apar/core/ports";
import {
  decodeDate,
  decodeJson,
  decodeOptionalDate,
  encodeDate,
  encodeOptionalDate,
  placeholders,
} from "../columns.js";
import type { SqlSession } from "../sql-session.js";

type PolicyRow = {
  id: unknown;
  client_id: unknown;
  organisation_id: unknown;
  version: unknown;
  body: unknown;
  created_at: unknown;
  updated_at: unknown;
};

type PolicyBody = Omit<ApprovalPolicy, "id" | "clientId" | "organisationId" | "version" | "createdAt" | "updatedAt">;

const bodyOf = (p: ApprovalPolicy): string => {
  const { id: _i, clientId: _c, organisationId: _o, version: _v, createdAt: _a, updatedAt: _u, ...body } = p;
  return JSON.stringify(body satisfies PolicyBody);
};

const decodePolicy = (r: PolicyRow): ApprovalPolicy => ({
  // A condition added after a policy was stored reads as unset.
  ...({ bankDetailsChanged: null } satisfies Partial<PolicyBody>),
  ...decodeJson<PolicyBody>(r.body),
  id: String(r.id),
  clientId: String(r.client_id),
  organisationId: String(r.organisation_id),
  version: Number(r.version),
  createdAt: decodeDate(r.created_at),
  updatedAt: decodeDate(r.updated_at),
});

const POLICY = "SELECT id, client_id, organisation_id, version, body, created_at, updated_at FROM approval_policies";

/** Approval policies in SQL (fields as JSON beside the ordering columns). */
export const sqlApprovalPolicies = (session: SqlSession): ApprovalPolicies => ({
  async add(p) {
    await session.execute(
      `INSERT INTO approval_policies (id, client_id, organisation_id, priority_order, version, body, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        p.id,
        p.clientId,
        p.organisationId,
        p.priorityOrder,
        p.version,
        bodyOf(p),
        encodeDate(p.createdAt),
        encodeDate(p.updatedAt),
      ],
    );
  },
  async ofId(scope, id) {
    const [row] = await session.select<PolicyRow>(
      `${POLICY} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decodePolicy(row);
  },
  async list(scope) {
    const rows = await session.select<PolicyRow>(
      `${POLICY} WHERE client_id = $1 AND organisation_id = $2 ORDER BY priority_order, id`,
      [scope.clientId, scope.organisationId],
    );
    return rows.map(decodePolicy);
  },
  async update(p) {
    await session.execute(
      `UPDATE approval_policies SET priority_order = $1, version = $2, body = $3, updated_at = $4
       WHERE id = $5 AND client_id = $6 AND organisation_id = $7`,
      [p.priorityOrder, p.version, bodyOf(p), encodeDate(p.updatedAt), p.id, p.clientId, p.organisationId],
    );
  },
  async remove(scope, id) {
    const n = await session.execute(
      "DELETE FROM approval_policies WHERE id = $1 AND client_id = $2 AND organisation_id = $3",
      [id, scope.clientId, scope.organisationId],
    );
    return n > 0;
  },
});

const decodeLifecycle = (r: { body: unknown }): BillLifecycle => decodeJson<BillLifecycle>(r.body);

/** Bill lifecycles in SQL: the record as JSON, with the supplier and approval time as columns for counting. */
export const sqlBillLifecycles = (session: SqlSession): BillLifecycles => ({
  async ofBill(scope, billId) {
    const [row] = await session.select<{ body: unknown }>(
      "SELECT body FROM bill_lifecycles WHERE bill_id = $1 AND client_id = $2 AND organisation_id = $3",
      [billId, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decodeLifecycle(row);
  },
  async ofBills(scope, billIds) {
    if (billIds.length === 0) return [];
    const rows = await session.select<{ body: unknown }>(
      `SELECT body FROM bill_lifecycles WHERE client_id = $1 AND organisation_id = $2 AND bill_id IN (${placeholders(3, billIds.length)})`,
      [scope.clientId, scope.organisationId, ...billIds],
    );
    return rows.map(decodeLifecycle);
  },
  async save(l) {
    // One upsert: MySQL's UPDATE counts changed rows, not matched ones, so "update, else insert" would
    // insert a second time when nothing changed.
    const upsert =
      session.dialect === "mysql"
        ? "ON DUPLICATE KEY UPDATE supplier_id = VALUES(supplier_id), approved_at = VALUES(approved_at), body = VALUES(body)"
        : "ON CONFLICT (bill_id) DO UPDATE SET supplier_id = excluded.supplier_id, approved_at = excluded.approved_at, body = excluded.body";
    await session.execute(
      `INSERT INTO bill_lifecycles (bill_id, client_id, organisation_id, supplier_id, approved_at, body)
       VALUES ($1, $2, $3, $4, $5, $6) ${upsert}`,
      [l.billId, l.clientId, l.organisationId, l.supplierId, l.approvedAt, JSON.stringify(l)],
    );
  },
  async lockBill(scope, billId) {
    // SQLite has one writer and its units of work queue in-process: only MySQL needs the row lock.
    if (session.dialect !== "mysql" || session.transaction === null) return;
    await session.select("SELECT id FROM bills WHERE id = $1 AND client_id = $2 AND organisation_id = $3 FOR UPDATE", [
      billId,
      scope.clientId,
      scope.organisationId,
    ]);
  },
  async approvedCount(scope, supplierId) {
    const [row] = await session.select<{ n: unknown }>(
      `SELECT COUNT(*) AS n FROM bill_lifecycles
       WHERE client_id = $1 AND organisation_id = $2 AND supplier_id = $3 AND approved_at IS NOT NULL`,
      [scope.clientId, scope.organisationId, supplierId],
    );
    return Number(row?.n ?? 0);
  },
});

type LinkRow = Record<
  "token_hash" | "client_id" | "organisation_id" | "bill_id" | "user_id" | "expires_at" | "used_at" | "created_at",
  unknown
>;

/** Public approval links in SQL. */
export const sqlApprovalLinks = (session: SqlSession): ApprovalLinks => ({
  async add(l) {
    await session.execute(
      `INSERT INTO approval_links (token_hash, client_id, organisation_id, bill_id, user_id, expires_at, used_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        l.tokenHash,
        l.clientId,
        l.organisationId,
        l.billId,
        l.userId,
        encodeDate(l.expiresAt),
        encodeOptionalDate(l.usedAt),
        encodeDate(l.createdAt),
      ],
    );
  },
  async ofHash(tokenHash) {
    const [r] = await session.select<LinkRow>("SELECT * FROM approval_links WHERE token_hash = $1", [tokenHash]);
    return r === undefined
      ? undefined
      : {
          tokenHash: String(r.token_hash),
          clientId: String(r.client_id),
          organisationId: String(r.organisation_id),
          billId: String(r.bill_id),
          userId: String(r.user_id),
          expiresAt: decodeDate(r.expires_at),
          usedAt: decodeOptionalDate(r.used_at),
          createdAt: decodeDate(r.created_at),
        };
  },
  async markUsed(tokenHash, at) {
    const n = await session.execute(
      "UPDATE approval_links SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
      [encodeDate(at), tokenHash],
    );
    return n > 0;
  },
  async revokeForBill(scope, billId, at, userId) {
    await session.execute(
      `UPDATE approval_links SET used_at = $1
       WHERE bill_id = $2 AND client_id = $3 AND organisation_id = $4 AND used_at IS NULL
       ${userId === undefined ? "" : "AND user_id = $5"}`,
      [encodeDate(at), billId, scope.clientId, scope.organisationId, ...(userId === undefined ? [] : [userId])],
    );
  },
});
