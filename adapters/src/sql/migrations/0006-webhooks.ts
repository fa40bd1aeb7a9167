import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };
const optionalInstant = { type: DataTypes.DATE(3), allowNull: true };

/** Webhook subscriptions and their deliveries (the delivery log and the delivery queue in one table). */
export const webhooks: Migration = {
  name: "0006-webhooks",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "webhook_subscriptions",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        url: { type: DataTypes.TEXT, allowNull: false },
        event_types: { type: DataTypes.TEXT, allowNull: false },
        active: { type: DataTypes.BOOLEAN, allowNull: false },
        consecutive_failures: { type: DataTypes.INTEGER, allowNull: false },
        sealed_secret: { type: DataTypes.TEXT, allowNull: false },
        created_at: instant,
        updated_at: instant,
        disabled_at: optionalInstant,
        disabled_reason: { type: DataTypes.STRING(32), allowNull: true },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "webhook_subscriptions", "webhook_subscriptions_client", ["client_id", "id"]);
    await qi.createTable(
      "webhook_deliveries",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        subscription_id: id,
        event_id: id,
        event_type: { type: DataTypes.STRING(64), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false },
        attempts: { type: DataTypes.INTEGER, allowNull: false },
        next_attempt_at: optionalInstant,
        // When a claimer may take it: next_attempt_at while Pending, the lease end while Delivering, NULL when
        // finished or parked (its subscription is off). One column, so that the claim reads one index.
        available_at: optionalInstant,
        last_status_code: { type: DataTypes.INTEGER, allowNull: true },
        last_error: { type: DataTypes.TEXT, allowNull: true },
        last_latency_ms: { type: DataTypes.INTEGER, allowNull: true },
        locked_by: { type: DataTypes.STRING(128), allowNull: true },
        locked_until: optionalInstant,
        created_at: instant,
        updated_at: instant,
        delivered_at: optionalInstant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(
      context,
      "webhook_deliveries",
      "webhook_deliveries_subscription_event",
      ["subscription_id", "event_id"],
      true,
    );
    await ensureIndex(context, "webhook_deliveries", "webhook_deliveries_available", ["available_at"]);
    await ensureIndex(context, "webhook_deliveries", "webhook_deliveries_client", ["client_id", "id"]);
    await ensureIndex(context, "webhook_deliveries", "webhook_deliveries_client_subscription", [
      "client_id",
      "subscription_id",
      "id",
    ]);
  },
};
