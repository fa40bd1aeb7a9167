import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

/** The durable job queue. */
export const jobs: Migration = {
  name: "0003-jobs",
  async up(context) {
    await context.queryInterface.createTable(
      "jobs",
      {
        id: { type: DataTypes.CHAR(36), allowNull: false, primaryKey: true },
        type: { type: DataTypes.STRING(100), allowNull: false },
        payload: { type: mediumText(context), allowNull: false },
        dedupe_key: { type: DataTypes.STRING(255), allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false },
        attempts: { type: DataTypes.INTEGER, allowNull: false },
        max_attempts: { type: DataTypes.INTEGER, allowNull: false },
        run_at: { type: DataTypes.DATE(3), allowNull: false },
        // When a worker may take the job: run_at while ready, locked_until while running, null once
        // done or dead. One index range then finds both due jobs and jobs whose worker vanished.
        available_at: { type: DataTypes.DATE(3), allowNull: true },
        locked_by: { type: DataTypes.STRING(255), allowNull: true },
        locked_until: { type: DataTypes.DATE(3), allowNull: true },
        last_error: { type: DataTypes.TEXT, allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "jobs", "jobs_dedupe_key", ["dedupe_key"], true);
    await ensureIndex(context, "jobs", "jobs_available", ["available_at"]);
    await ensureIndex(context, "jobs", "jobs_status", ["status", "run_at"]);
    await ensureIndex(context, "jobs", "jobs_locked_by", ["locked_by"]);
  },
};
