import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const hash = { type: DataTypes.CHAR(64), allowNull: false };

/**
 * The audit log: one row per change, chained by hash within its chain (an organisation, or a client for client-wide
 * changes), and one head row per chain that appends lock (docs/log/issue-38-accountants.md, "The audit log").
 */
export const auditLog: Migration = {
  name: "0026-audit-log",
  async up(context) {
    await context.queryInterface.createTable(
      "audit_chains",
      {
        chain_id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: { type: DataTypes.CHAR(36), allowNull: true },
        last_seq: { type: DataTypes.BIGINT, allowNull: false },
        last_hash: hash,
      },
      TABLE_OPTIONS,
    );
    await context.queryInterface.createTable(
      "audit_events",
      {
        id: { ...id, primaryKey: true },
        chain_id: id,
        seq: { type: DataTypes.BIGINT, allowNull: false },
        client_id: id,
        organisation_id: { type: DataTypes.CHAR(36), allowNull: true },
        occurred_at: { type: DataTypes.DATE(3), allowNull: false },
        actor_type: { type: DataTypes.STRING(16), allowNull: false },
        actor_id: { type: DataTypes.STRING(64), allowNull: true },
        actor_via: { type: DataTypes.STRING(8), allowNull: true },
        type: { type: DataTypes.STRING(100), allowNull: false },
        resource_type: { type: DataTypes.STRING(64), allowNull: false },
        resource_id: { type: DataTypes.STRING(255), allowNull: false },
        changes: { type: mediumText(context), allowNull: false },
        request_id: { type: DataTypes.STRING(200), allowNull: true },
        prev_hash: hash,
        hash,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "audit_events", "audit_events_chain_seq", ["chain_id", "seq"], true);
    // Lists read a chain in id (time) order: alone, or seeking a resource, an actor or a type.
    await ensureIndex(context, "audit_events", "audit_events_chain_id", ["chain_id", "id"]);
    await ensureIndex(context, "audit_events", "audit_events_resource", ["chain_id", "resource_id", "id"]);
    await ensureIndex(context, "audit_events", "audit_events_actor", ["chain_id", "actor_id", "id"]);
    await ensureIndex(context, "audit_events", "audit_events_type", ["chain_id", "type", "id"]);
  },
};
