import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

/** The outbox: events written in the same transaction as the change they record. */
export const outbox: Migration = {
  name: "0002-outbox",
  async up(context) {
    await context.queryInterface.createTable(
      "outbox_events",
      {
        // Insert order; the dispatcher reads pending rows by it. Not a high-water mark: on MySQL a later
        // position can commit before an earlier one.
        position: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        event_id: { type: DataTypes.CHAR(36), allowNull: false },
        type: { type: DataTypes.STRING(100), allowNull: false },
        client_id: { type: DataTypes.CHAR(36), allowNull: false },
        subject_type: { type: DataTypes.STRING(64), allowNull: true },
        subject_id: { type: DataTypes.CHAR(36), allowNull: true },
        envelope: { type: mediumText(context), allowNull: false },
        occurred_at: { type: DataTypes.DATE(3), allowNull: false },
        dispatched_at: { type: DataTypes.DATE(3), allowNull: true },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "outbox_events", "outbox_events_event_id", ["event_id"], true);
    await ensureIndex(context, "outbox_events", "outbox_events_pending", ["dispatched_at", "position"]);
    await ensureIndex(context, "outbox_events", "outbox_events_subject", [
      "client_id",
      "subject_type",
      "subject_id",
      "position",
    ]);
  },
};
