import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const instant = { type: DataTypes.DATE(3), allowNull: false };
const optionalInstant = { type: DataTypes.DATE(3), allowNull: true };

/** Invoice reminders: the organisations' default offsets, each invoice's reminders, and which are planned. */
export const reminders: Migration = {
  name: "0013-reminders",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "reminder_rules",
      {
        client_id: { ...id, primaryKey: true },
        organisation_id: { ...id, primaryKey: true },
        offsets: { type: DataTypes.TEXT, allowNull: false },
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await qi.createTable(
      "invoice_reminders",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        invoice_id: id,
        step: { type: DataTypes.STRING(32), allowNull: false },
        step_key: { type: DataTypes.STRING(64), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false },
        due_at: instant,
        sent_at: optionalInstant,
        recipient: { type: DataTypes.STRING(320), allowNull: true },
        error: { type: DataTypes.TEXT, allowNull: true },
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    // Each step of an invoice at most once.
    await ensureIndex(context, "invoice_reminders", "invoice_reminders_step", ["invoice_id", "step_key"], true);
    await ensureIndex(context, "invoice_reminders", "invoice_reminders_due", ["status", "due_at"]);
    await qi.createTable(
      "reminder_plans",
      {
        invoice_id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        planned_at: instant,
      },
      TABLE_OPTIONS,
    );
  },
};
