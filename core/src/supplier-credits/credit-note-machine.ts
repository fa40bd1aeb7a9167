import type { MachineTable } from "../shared/state-machine.js";
import { SUPPLIER_CREDIT_STATUSES, type SupplierCreditStatus } from "./model.js";

/** What moves a supplier credit note: issuing it, deleting a draft, applying part of it, reversing one. */
export const SUPPLIER_CREDIT_TRIGGERS = ["issue", "delete", "apply", "reverse"] as const;
export type SupplierCreditTrigger = (typeof SUPPLIER_CREDIT_TRIGGERS)[number];

/** What the guards read: the status the note's applications give once the move is made (`issuedStatus`). */
export interface SupplierCreditMoveContext {
  readonly applied?: SupplierCreditStatus;
}

const gives = (status: SupplierCreditStatus) => ({
  name: `the applications leave the note ${status}`,
  holds: (c: SupplierCreditMoveContext) => c.applied === status,
});

/**
 * The supplier credit note's machine as data, moved by the same `transition` as the bill machine. A deleted
 * draft stays Draft in the table (its row is removed). Events carry the application, so the use cases record
 * them: the table has none.
 */
export const SUPPLIER_CREDIT_MACHINE: MachineTable<
  SupplierCreditStatus,
  SupplierCreditTrigger,
  SupplierCreditMoveContext,
  never
> = {
  name: "SupplierCreditNote",
  states: SUPPLIER_CREDIT_STATUSES,
  triggers: SUPPLIER_CREDIT_TRIGGERS,
  initial: "Draft",
  transitions: [
    { from: "Draft", trigger: "issue", to: "Issued", events: [] },
    { from: "Draft", trigger: "delete", to: "Draft", events: [] },
    ...(["PartiallyApplied", "Applied"] as const).map((to) => ({
      from: ["Issued", "PartiallyApplied", "Applied"] as const,
      trigger: "apply" as const,
      guard: gives(to),
      to,
      events: [],
    })),
    ...(["Issued", "PartiallyApplied"] as const).map((to) => ({
      from: ["PartiallyApplied", "Applied"] as const,
      trigger: "reverse" as const,
      guard: gives(to),
      to,
      events: [],
    })),
  ],
};
