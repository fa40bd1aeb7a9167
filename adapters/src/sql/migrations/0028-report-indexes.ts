import { ensureIndex, type Migration } from "./migration.js";

/**
 * Indexes for the aging reports as of a past day: bills and invoices in a settled state (Paid; Paid, Credited,
 * Void) that changed after that day, read in (updated_at, id) order from their state's range, so a report never
 * walks the organisation's whole history of paid documents.
 */
export const reportIndexes: Migration = {
  name: "0028-report-indexes",
  async up(context) {
    await ensureIndex(context, "bills", "bills_state_changed", ["organisation_id", "state", "updated_at", "id"]);
    await ensureIndex(context, "invoices", "invoices_status_changed", [
      "organisation_id",
      "status",
      "updated_at",
      "id",
    ]);
  },
};
