import type { Reminder, ReminderOffset } from "@apar/core";
import { oneOf, REMINDER_OFFSETS, REMINDER_STATUSES } from "@apar/core";
import type { InvoiceRef, InvoiceReminders } from "@apar/core/ports";
import { UniqueConstraintError } from "sequelize";
import {
  column,
  decodeDate,
  decodeJson,
  decodeOptionalDate,
  decodeOptionalString,
  encodeDate,
  encodeOptionalDate,
} from "../columns.js";
import type { SqlSession } from "../sql-session.js";
import { pageLimit } from "./paging.js";

// Enum columns are decoded, not cast: a value no code of ours writes is a defect named by its column.
const decodeStatus = column(oneOf(REMINDER_STATUSES, "ReminderStatus"), "invoice_reminders.status");
const decodeStep = column(oneOf([...REMINDER_OFFSETS, "Manual"] as const, "ReminderStep"), "invoice_reminders.step");

interface ReminderRow {
  readonly id: string;
  readonly client_id: string;
  readonly organisation_id: string;
  readonly invoice_id: string;
  readonly step: string;
  readonly step_key: string;
  readonly status: string;
  readonly due_at: unknown;
  readonly sent_at: unknown;
  readonly recipient: unknown;
  readonly error: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const SELECT =
  "SELECT id, client_id, organisation_id, invoice_id, step, step_key, status, due_at, sent_at, recipient, error, created_at, updated_at FROM invoice_reminders";

const decode = (r: ReminderRow): Reminder => ({
  id: r.id,
  clientId: r.client_id,
  organisationId: r.organisation_id,
  invoiceId: r.invoice_id,
  step: decodeStep(r.step),
  key: r.step_key,
  status: decodeStatus(r.status),
  dueAt: decodeDate(r.due_at),
  sentAt: decodeOptionalDate(r.sent_at),
  recipient: decodeOptionalString(r.recipient),
  error: decodeOptionalString(r.error),
  createdAt: decodeDate(r.created_at),
  updatedAt: decodeDate(r.updated_at),
});

/** Reminder rules and reminders in SQL. `unplanned` reads the invoices table's status column. */
export const sqlInvoiceReminders = (session: SqlSession): InvoiceReminders => ({
  async rulesOf(scope) {
    const [row] = await session.select<{ offsets: unknown }>(
      "SELECT offsets FROM reminder_rules WHERE client_id = $1 AND organisation_id = $2",
      [scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decodeJson<ReminderOffset[]>(row.offsets);
  },
  async saveRules(scope, offsets, at) {
    const changed = await session.execute(
      "UPDATE reminder_rules SET offsets = $1, updated_at = $2 WHERE client_id = $3 AND organisation_id = $4",
      [JSON.stringify(offsets), encodeDate(at), scope.clientId, scope.organisationId],
    );
    // MySQL counts changed rows only: an update to the same offsets answers 0, and the insert then finds the row.
    if (changed > 0) return;
    try {
      await session.execute(
        "INSERT INTO reminder_rules (client_id, organisation_id, offsets, updated_at) VALUES ($1, $2, $3, $4)",
        [scope.clientId, scope.organisationId, JSON.stringify(offsets), encodeDate(at)],
      );
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
  },
  async add(r) {
    try {
      await session.execute(
        `INSERT INTO invoice_reminders (id, client_id, organisation_id, invoice_id, step, step_key, status, due_at,
         sent_at, recipient, error, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          r.id,
          r.clientId,
          r.organisationId,
          r.invoiceId,
          r.step,
          r.key,
          r.status,
          encodeDate(r.dueAt),
          encodeOptionalDate(r.sentAt),
          r.recipient,
          r.error,
          encodeDate(r.createdAt),
          encodeDate(r.updatedAt),
        ],
      );
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintError) return false;
      throw error;
    }
  },
  async ofId(scope, id) {
    const [row] = await session.select<ReminderRow>(
      `${SELECT} WHERE id = $1 AND client_id = $2 AND organisation_id = $3`,
      [id, scope.clientId, scope.organisationId],
    );
    return row === undefined ? undefined : decode(row);
  },
  async ofInvoice(scope, invoiceId) {
    const rows = await session.select<ReminderRow>(
      `${SELECT} WHERE client_id = $1 AND organisation_id = $2 AND invoice_id = $3 ORDER BY due_at, id`,
      [scope.clientId, scope.organisationId, invoiceId],
    );
    return rows.map(decode);
  },
  async update(r, expected) {
    const changed = await session.execute(
      `UPDATE invoice_reminders SET status = $1, due_at = $2, sent_at = $3, recipient = $4, error = $5, updated_at = $6
       WHERE id = $7 AND client_id = $8 AND organisation_id = $9 AND status = $10`,
      [
        r.status,
        encodeDate(r.dueAt),
        encodeOptionalDate(r.sentAt),
        r.recipient,
        r.error,
        encodeDate(r.updatedAt),
        r.id,
        r.clientId,
        r.organisationId,
        expected,
      ],
    );
    return changed > 0;
  },
  async due(now, limit) {
    const rows = await session.select<ReminderRow>(
      `${SELECT} WHERE status = 'Pending' AND due_at <= $1 ORDER BY due_at, id LIMIT ${pageLimit({ limit })}`,
      [encodeDate(now)],
    );
    return rows.map(decode);
  },
  async unplanned(limit) {
    const rows = await session.select<{ id: string; client_id: string; organisation_id: string }>(
      `SELECT i.id, i.client_id, i.organisation_id FROM invoices i
       LEFT JOIN reminder_plans p ON p.invoice_id = i.id
       WHERE i.status IN ('Sent', 'PartiallyPaid') AND p.invoice_id IS NULL ORDER BY i.id LIMIT ${pageLimit({ limit })}`,
      [],
    );
    return rows.map((r): InvoiceRef => ({ clientId: r.client_id, organisationId: r.organisation_id, invoiceId: r.id }));
  },
  async markPlanned(ref, at) {
    try {
      await session.execute(
        "INSERT INTO reminder_plans (invoice_id, client_id, organisation_id, planned_at) VALUES ($1, $2, $3, $4)",
        [ref.invoiceId, ref.clientId, ref.organisationId, encodeDate(at)],
      );
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
  },
});
