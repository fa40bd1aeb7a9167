/** A company: client-level; receives bills forwarded by email to its forwarding address. */
export interface Company {
  readonly id: string;
  readonly clientId: string;
  readonly name: string;
  /** Local part of the forwarding address `<slug>@<inbound domain>`; unique across the installation. */
  readonly slug: string;
  /** The organisations whose bills it receives. */
  readonly organisationIds: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const REJECTION_REASONS = ["SenderNotAllowed", "AuthenticationFailed"] as const;
/** BillForwardingRejectionReason of the spec. */
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const EMAIL_AUTH_RESULTS = ["Unknown", "Pass", "Fail"] as const;
/** EmailAuthResult of the spec. */
export type EmailAuthResult = (typeof EMAIL_AUTH_RESULTS)[number];

/** One forward a company did not accept: metadata only, never the attachments' bytes. */
export interface ForwardingRejection {
  readonly id: string;
  readonly clientId: string;
  readonly companyId: string;
  readonly fromAddress: string;
  readonly fromDomain: string;
  readonly subject: string | null;
  readonly attachmentCount: number;
  /** `name (type)` per attachment, joined with ", "; null when there were none. */
  readonly attachmentSummary: string | null;
  readonly reason: RejectionReason;
  readonly authResult: EmailAuthResult;
  readonly dkimResult: EmailAuthResult;
  readonly spfResult: EmailAuthResult;
  readonly receivedAt: Date;
}
