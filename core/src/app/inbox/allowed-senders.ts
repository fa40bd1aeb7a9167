import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import { ALLOWED_SENDERS_MAX, type AllowedSender, parseSenderPattern, senderAllowed } from "../../inbox/allowlist.js";
import type { ForwardingRejection } from "../../inbox/model.js";
import type { Stores } from "../../ports/stores.js";
import { conflict, type DomainError, notFound, validationError } from "../../shared/errors.js";
import { type CompanyVisibility, companyNotFound, visibleCompany } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

const senderNotFound = (): DomainError =>
  notFound("AllowedSender.NotFound", "The company has no allowed sender with this id.");

const rejectionNotFound = (): DomainError =>
  notFound("ForwardingRejection.NotFound", "The company has no forwarding rejection with this id.");

/** A company's allowlist, oldest entry first. `Company.NotFound` for a company not of the client or not visible. */
export const listAllowedSenders =
  (deps: InboxDeps<"allowedSenders" | "companies">) =>
  (input: {
    readonly clientId: string;
    readonly companyId: string;
    readonly visibleTo?: CompanyVisibility;
  }): TE.TaskEither<DomainError, readonly AllowedSender[]> =>
  async () => {
    const s = deps.db.stores;
    if ((await visibleCompany(s, input)) === undefined) return E.left(companyNotFound());
    return E.right(await s.allowedSenders.listOfCompany(input.clientId, input.companyId));
  };

/** Adds the entry unless the list has it already (then answers the existing one): adding is idempotent. */
const addEntry = async (
  deps: InboxDeps<never>,
  s: Pick<Stores, "allowedSenders">,
  clientId: string,
  companyId: string,
  entry: Pick<AllowedSender, "kind" | "value">,
): Promise<E.Either<DomainError, { sender: AllowedSender; created: boolean }>> => {
  const list = await s.allowedSenders.listOfCompany(clientId, companyId);
  const existing = list.find((e) => e.kind === entry.kind && e.value === entry.value);
  if (existing !== undefined) return E.right({ sender: existing, created: false });
  if (list.length >= ALLOWED_SENDERS_MAX)
    return E.left(
      validationError([
        { field: "sender", code: "TooMany", message: `A company allows at most ${ALLOWED_SENDERS_MAX} senders.` },
      ]),
    );
  const sender: AllowedSender = {
    id: deps.ids.next(),
    clientId,
    companyId,
    kind: entry.kind,
    value: entry.value,
    createdAt: deps.clock.now(),
  };
  await s.allowedSenders.add(sender);
  return E.right({ sender, created: true });
};

export interface AddAllowedSenderInput {
  readonly clientId: string;
  readonly companyId: string;
  /** `name@domain` (one address), `domain` or `@domain` (every address at it). */
  readonly sender: string;
}

/** Allows an address or a whole domain to forward bills to the company. */
export const addAllowedSender =
  (deps: InboxDeps<"allowedSenders" | "companies">) =>
  (input: AddAllowedSenderInput): TE.TaskEither<DomainError, { sender: AllowedSender; created: boolean }> => {
    const entry = parseSenderPattern(input.sender);
    if (entry === undefined)
      return TE.left(
        validationError([
          { field: "sender", code: "Invalid", message: "Give an address (ap@supplier.example) or a domain." },
        ]),
      );
    return () =>
      deps.db.run(async (s) => {
        if ((await s.companies.ofId(input.clientId, input.companyId)) === undefined) return E.left(companyNotFound());
        return addEntry(deps, s, input.clientId, input.companyId, entry);
      });
  };

/** Removes an entry of the company's allowlist. */
export const removeAllowedSender =
  (deps: InboxDeps<"allowedSenders" | "companies">) =>
  (input: {
    readonly clientId: string;
    readonly companyId: string;
    readonly id: string;
  }): TE.TaskEither<DomainError, void> =>
  () =>
    deps.db.run(async (s): Promise<E.Either<DomainError, void>> => {
      if ((await s.companies.ofId(input.clientId, input.companyId)) === undefined) return E.left(companyNotFound());
      return (await s.allowedSenders.remove(input.clientId, input.companyId, input.id))
        ? E.right(undefined)
        : E.left(senderNotFound());
    });

export interface AllowSenderFromRejectionInput {
  readonly clientId: string;
  readonly companyId: string;
  readonly rejectionId: string;
  /** Allow the whole domain of the rejected sender instead of the one address. */
  readonly wholeDomain?: boolean;
}

/** A rejection for failed authentication of a sender who is allowed: allowing it again would change nothing. */
const notAboutSender = (rejection: ForwardingRejection): DomainError =>
  conflict(
    "ForwardingRejection.NotAboutSender",
    `This forward was refused because it failed email authentication (DKIM ${rejection.dkimResult}, SPF ` +
      `${rejection.spfResult}), not because of its sender: ${rejection.fromAddress} is allowed already, so ` +
      "allowing it changes nothing. Its mail is accepted once it passes DKIM or SPF for its domain, or arrives " +
      "through a mail gateway the operator trusts.",
  );

/**
 * Allows the sender of a rejected forward (its address, or its whole domain) in one call. A rejection for
 * failed authentication of a sender the allowlist already allows is `ForwardingRejection.NotAboutSender`
 * (409): the allowlist was not why it was refused.
 */
export const allowSenderFromRejection =
  (deps: InboxDeps<"allowedSenders" | "companies" | "forwardingRejections">) =>
  (input: AllowSenderFromRejectionInput): TE.TaskEither<DomainError, { sender: AllowedSender; created: boolean }> =>
  () =>
    deps.db.run(async (s) => {
      if ((await s.companies.ofId(input.clientId, input.companyId)) === undefined) return E.left(companyNotFound());
      const rejection = await s.forwardingRejections.ofId(input.clientId, input.rejectionId);
      if (rejection === undefined || rejection.companyId !== input.companyId) return E.left(rejectionNotFound());
      const list = await s.allowedSenders.listOfCompany(input.clientId, input.companyId);
      if (rejection.reason === "AuthenticationFailed" && senderAllowed(list, rejection.fromAddress))
        return E.left(notAboutSender(rejection));
      const entry = parseSenderPattern(input.wholeDomain === true ? rejection.fromDomain : rejection.fromAddress);
      if (entry === undefined)
        return E.left(
          validationError([
            { field: "fromAddress", code: "Invalid", message: "The rejected sender's address cannot be allowed." },
          ]),
        );
      return addEntry(deps, s, input.clientId, input.companyId, entry);
    });
