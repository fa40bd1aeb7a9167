import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };
const optionalInstant = { type: DataTypes.DATE(3), allowNull: true };
const instant = { type: DataTypes.DATE(3), allowNull: false };

/** Recurring-invoice schedules. */
export const recurring: Migration = {
  name: "0010-recurring",
  async up(context) {
    const qi = context.queryInterface;
    await qi.createTable(
      "recurring_schedules",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        template: { type: DataTypes.TEXT, allowNull: false },
        cadence: { type: DataTypes.STRING(16), allowNull: false },
        start_date: { type: DataTypes.CHAR(10), allowNull: false },
        end_date: { type: DataTypes.CHAR(10), allowNull: true },
        total_occurrences: { type: DataTypes.INTEGER, allowNull: true },
        auto_send: { type: DataTypes.BOOLEAN, allowNull: false },
        time_zone: { type: DataTypes.STRING(64), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false },
        occurrences_generated: { type: DataTypes.INTEGER, allowNull: false },
        next_occurrence: { type: DataTypes.INTEGER, allowNull: false },
        next_run_at: optionalInstant,
        last_generated_at: optionalInstant,
        created_at: instant,
        updated_at: instant,
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "recurring_schedules", "recurring_schedules_organisation", ["organisation_id", "id"]);
    await ensureIndex(context, "recurring_schedules", "recurring_schedules_due", ["status", "next_run_at"]);
  },
};
