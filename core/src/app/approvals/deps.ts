import type { StoreName } from "../../ports/stores.js";
import type { CoreDeps } from "../deps.js";

/** What the approval use cases need. Reads go to `db.stores`, outside a transaction. */
export interface ApprovalDeps<K extends StoreName = StoreName> extends CoreDeps<K> {}

/** The job that mails each approver of a bill in NeedsApproval a public approval link. */
export const SEND_APPROVAL_LINKS_JOB = "send-approval-links";

/** The payload of a send-approval-links job. */
export interface ApprovalLinksJob {
  readonly clientId: string;
  readonly organisationId: string;
  readonly billId: string;
}
