import type { PaymentCapabilities, ProcessorAccount } from "@apar/core";
import { oneOf, PAYMENT_ACCOUNT_STATUSES } from "@apar/core";
import type { PaymentAccounts } from "@apar/core/ports";
import { column, decodeDate, decodeJson, decodeOptionalDate, encodeDate, encodeOptionalDate } from "../columns.js";
import type { SqlSession } from "../sql-session.js";

// Enum columns are decoded, not cast: a value no code of ours writes is a defect named by its column.
const decodeStatus = column(oneOf(PAYMENT_ACCOUNT_STATUSES, "PaymentAccountStatus"), "payment_accounts.status");

interface Row {
  readonly client_id: string;
  readonly organisation_id: string;
  readonly provider: string;
  readonly account_id: string;
  readonly status: string;
  readonly capabilities: unknown;
  readonly enabled_at: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

const SELECT =
  "SELECT client_id, organisation_id, provider, account_id, status, capabilities, enabled_at, created_at, updated_at FROM payment_accounts";

const decode = (r: Row): ProcessorAccount => ({
  clientId: r.client_id,
  organisationId: r.organisation_id,
  provider: r.provider,
  accountId: r.account_id,
  status: decodeStatus(r.status),
  capabilities: decodeJson<PaymentCapabilities>(r.capabilities),
  enabledAt: decodeOptionalDate(r.enabled_at),
  createdAt: decodeDate(r.created_at),
  updatedAt: decodeDate(r.updated_at),
});

/** Payment accounts in SQL (one row per organisation) and the processor events applied (a row per event id). */
export const sqlPaymentAccounts = (session: SqlSession): PaymentAccounts => ({
  async ofOrganisation(scope) {
    const [row] = await session.select<Row>(`${SELECT} WHERE client_id = $1 AND organisation_id = $2`, [
      scope.clientId,
      scope.organisationId,
    ]);
    return row === undefined ? undefined : decode(row);
  },
  async ofAccountId(provider, accountId) {
    const [row] = await session.select<Row>(`${SELECT} WHERE provider = $1 AND account_id = $2`, [provider, accountId]);
    return row === undefined ? undefined : decode(row);
  },
  async save(a) {
    const upsert =
      session.dialect === "mysql"
        ? "ON DUPLICATE KEY UPDATE provider = VALUES(provider), account_id = VALUES(account_id), status = VALUES(status), capabilities = VALUES(capabilities), enabled_at = VALUES(enabled_at), updated_at = VALUES(updated_at)"
        : "ON CONFLICT (client_id, organisation_id) DO UPDATE SET provider = excluded.provider, account_id = excluded.account_id, status = excluded.status, capabilities = excluded.capabilities, enabled_at = excluded.enabled_at, updated_at = excluded.updated_at";
    await session.execute(
      `INSERT INTO payment_accounts (client_id, organisation_id, provider, account_id, status, capabilities, enabled_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ${upsert}`,
      [
        a.clientId,
        a.organisationId,
        a.provider,
        a.accountId,
        a.status,
        JSON.stringify(a.capabilities),
        encodeOptionalDate(a.enabledAt),
        encodeDate(a.createdAt),
        encodeDate(a.updatedAt),
      ],
    );
  },
  async markEventApplied(provider, eventId, at, outcome) {
    const ignore = session.dialect === "mysql" ? "INSERT IGNORE" : "INSERT OR IGNORE";
    const inserted = await session.execute(
      `${ignore} INTO processor_events (provider, event_id, outcome, applied_at) VALUES ($1, $2, $3, $4)`,
      [provider, eventId, outcome.slice(0, 255), encodeDate(at)],
    );
    return inserted > 0;
  },
});
