import type { MachineTable } from "../shared/state-machine.js";
import { CREDIT_NOTE_STATUSES, type CreditNoteStatus } from "./model.js";

/** What moves a customer credit note: issuing it (numbered, applied to its invoice). */
export const CREDIT_NOTE_TRIGGERS = ["issue"] as const;
export type CreditNoteTrigger = (typeof CREDIT_NOTE_TRIGGERS)[number];

/** The customer credit note's machine as data: a Draft is issued once; Issued is final. */
export const CREDIT_NOTE_MACHINE: MachineTable<CreditNoteStatus, CreditNoteTrigger, unknown, "credit_note.issued"> = {
  name: "CreditNote",
  states: CREDIT_NOTE_STATUSES,
  triggers: CREDIT_NOTE_TRIGGERS,
  initial: "Draft",
  transitions: [{ from: "Draft", trigger: "issue", to: "Issued", events: ["credit_note.issued"] }],
};
