import type { AllowedSender, Company, DomainError, ForwardingRejection, RequestAuth } from "@apar/core";
import type * as TE from "fp-ts/lib/TaskEither.js";

/** A company with its forwarding address, as the Companies page shows it. */
export interface PortalCompany extends Pick<Company, "id" | "name"> {
  readonly forwardingAddress: string;
}

/** One company's page: its allowlist and the forwards it refused, newest first. */
export interface PortalCompanyDetail {
  readonly company: PortalCompany;
  readonly senders: readonly AllowedSender[];
  readonly rejections: readonly ForwardingRejection[];
}

/**
 * What the Companies page needs of the inbox use cases, for the caller's client (`auth.client`). A foreign or
 * missing id answers the same DomainError (NotFound).
 */
export interface PortalCompanies {
  list(auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalCompany[]>;
  get(auth: RequestAuth, id: string): TE.TaskEither<DomainError, PortalCompanyDetail>;
  /** An address (`ap@supplier.example`) or a whole domain (`supplier.example`). */
  allow(auth: RequestAuth, id: string, sender: string): TE.TaskEither<DomainError, unknown>;
  /** The sender of a refused forward (its address, or its whole domain). */
  allowFromRejection(
    auth: RequestAuth,
    id: string,
    rejectionId: string,
    wholeDomain: boolean,
  ): TE.TaskEither<DomainError, unknown>;
  removeSender(auth: RequestAuth, id: string, senderId: string): TE.TaskEither<DomainError, unknown>;
}
