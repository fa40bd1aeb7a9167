import type { BillJson } from "@apar/core";
import type { PayeeAccount } from "@apar/core/app";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** A bill of the queue with the organisation it belongs to. */
export interface PortalQueued {
  readonly organisation: PortalOrganisation;
  readonly bill: BillJson;
  /** Where the bill's money would go (on a bill's own page; the queue's rows go without). */
  readonly payee?: PayeeAccount;
}

/** The review queue: the client's bills waiting for review or approval, and whether more wait than are shown. */
export interface PortalQueue {
  readonly review: readonly PortalQueued[];
  readonly approval: readonly PortalQueued[];
  readonly more: boolean;
}

/** A bill's document, as stored. */
export interface PortalDocument {
  readonly bytes: Uint8Array;
  readonly mediaType: string;
}
