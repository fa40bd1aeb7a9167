import type { EmailAuthResult, ForwardingRejection, RejectionReason } from "./model.js";

/** The spec's BillForwardingRejectionResponse: every field present, nullable ones as null. */
export interface ForwardingRejectionResponse {
  readonly id: string;
  readonly fromAddress: string;
  readonly fromDomain: string;
  readonly subject: string | null;
  readonly attachmentCount: number;
  readonly attachmentSummary: string | null;
  readonly reason: RejectionReason;
  readonly authResult: EmailAuthResult;
  readonly dkimResult: EmailAuthResult;
  readonly spfResult: EmailAuthResult;
  /** ISO 8601 in UTC, with milliseconds (`2026-03-04T05:06:07.891Z`). */
  readonly receivedAt: string;
}

/** A rejection as the listing answers it: the spec's fields only (no tenant ids), in the spec's order. */
export const forwardingRejectionResponse = (r: ForwardingRejection): ForwardingRejectionResponse => ({
  id: r.id,
  fromAddress: r.fromAddress,
  fromDomain: r.fromDomain,
  subject: r.subject ?? null,
  attachmentCount: r.attachmentCount,
  attachmentSummary: r.attachmentSummary ?? null,
  reason: r.reason,
  authResult: r.authResult,
  dkimResult: r.dkimResult,
  spfResult: r.spfResult,
  receivedAt: r.receivedAt.toISOString(),
});
