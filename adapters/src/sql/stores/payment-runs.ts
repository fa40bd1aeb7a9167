import type { PaymentRun, PaymentRunSettings } from "@apar/core";
import type { PaymentRuns } from "@apar/core/ports";
import { UniqueConstraintError } from "sequelize";
import { decodeJson, encodeDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { listPage, lockOrganisationRow } from "./paging.js";
import { type DocumentRow, organisationDocument } from "./receivable-docs.js";

const SELECT = "SELECT id, client_id, organisation_id, body, created_at, updated_at FROM payment_runs";

const { bodyOf, decode } = organisationDocument<PaymentRun>();

/** Payment runs in SQL: the run as a document, and one row per bill it pays (found again by a statement). */
export const sqlPaymentRuns = (session: SqlSession): PaymentRuns => {
  const ofId: PaymentRuns["ofId"] = async (scope, id) => {
    const [row] = await session.select<DocumentRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decode(row);
  };
  return {
    async insert(run) {
      await session.execute(
        `INSERT INTO payment_runs (id, client_id, organisation_id, status, body, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          run.id,
          run.clientId,
          run.organisationId,
          run.status,
          bodyOf(run),
          encodeDate(run.createdAt),
          encodeDate(run.updatedAt),
        ],
      );
      for (const item of run.items)
        await session.execute(
          "INSERT INTO payment_run_bills (run_id, bill_id, client_id, organisation_id) VALUES ($1, $2, $3, $4)",
          [run.id, item.billId, run.clientId, run.organisationId],
        );
    },
    async update(run) {
      await session.execute(
        "UPDATE payment_runs SET status = $1, body = $2, updated_at = $3 WHERE id = $4 AND client_id = $5 AND organisation_id = $6",
        [run.status, bodyOf(run), encodeDate(run.updatedAt), run.id, run.clientId, run.organisationId],
      );
    },
    ofId,
    async ofBill(scope, billId) {
      const [found] = await session.select<{ run_id: unknown }>(
        `SELECT run_id FROM payment_run_bills WHERE organisation_id = $1 AND bill_id = $2 AND client_id = $3
       ORDER BY run_id DESC LIMIT 1`,
        [scope.organisationId, billId, scope.clientId],
      );
      return found === undefined ? undefined : ofId(scope, String(found.run_id));
    },
    list: (scope, page) =>
      listPage(session, { select: SELECT, table: "payment_runs", index: "payment_runs_list", scope }, page, decode),
    lock: (scope, id) => lockOrganisationRow(session, "payment_runs", scope, id),
    async settingsOf(scope) {
      const [row] = await session.select<{ body: unknown }>(
        "SELECT body FROM payment_run_settings WHERE client_id = $1 AND organisation_id = $2",
        [scope.clientId, scope.organisationId],
      );
      return row === undefined ? undefined : decodeJson<PaymentRunSettings>(row.body);
    },
    async saveSettings(scope, settings, at) {
      const values = [JSON.stringify(settings), encodeDate(at), scope.clientId, scope.organisationId];
      const changed = await session.execute(
        "UPDATE payment_run_settings SET body = $1, updated_at = $2 WHERE client_id = $3 AND organisation_id = $4",
        values,
      );
      // MySQL counts changed rows only: the same settings again answer 0, and the insert then finds the row.
      if (changed > 0) return;
      try {
        await session.execute(
          "INSERT INTO payment_run_settings (body, updated_at, client_id, organisation_id) VALUES ($1, $2, $3, $4)",
          values,
        );
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error;
      }
    },
  };
};
