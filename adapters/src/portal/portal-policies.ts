import type { DomainError, RequestAuth } from "@apar/core";
import type { PolicyJson } from "@apar/core/app";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { PortalOrganisation } from "./portal-seller-identities.js";

/** A choice on the policy form: a supplier or an approver, by id with a name to show. */
export interface PortalChoice {
  readonly id: string;
  readonly name: string;
}

/** An organisation's policies and what the policy form offers to choose from. */
export interface PortalPolicySet {
  readonly organisation: PortalOrganisation;
  /** In evaluation order. */
  readonly policies: readonly PolicyJson[];
  /** The organisation's suppliers (at most `SUPPLIER_CHOICES`, by name). */
  readonly suppliers: readonly PortalChoice[];
  readonly moreSuppliers: boolean;
  /** The organisation's members, who may be named approvers. */
  readonly approvers: readonly PortalChoice[];
}

/**
 * What the Approval policies pages need of core's policy use cases, for the caller's client (`auth.client`) and
 * one of its organisations. A foreign or missing organisation or policy answers the same DomainError (NotFound).
 */
export interface PortalPolicies {
  organisations(auth: RequestAuth): TE.TaskEither<DomainError, readonly PortalOrganisation[]>;
  list(auth: RequestAuth, organisationId: string): TE.TaskEither<DomainError, PortalPolicySet>;
  /** Creates (no id) or replaces a policy with a body as `POST`/`PUT /v1/approval-policies` take it. */
  save(
    auth: RequestAuth,
    organisationId: string,
    id: string | undefined,
    body: unknown,
  ): TE.TaskEither<DomainError, PolicyJson>;
  remove(auth: RequestAuth, organisationId: string, id: string): TE.TaskEither<DomainError, void>;
}
