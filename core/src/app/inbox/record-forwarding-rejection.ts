import * as E from "fp-ts/lib/Either.js";
import * as TE from "fp-ts/lib/TaskEither.js";
import {
  EMAIL_AUTH_RESULTS,
  type EmailAuthResult,
  type ForwardingRejection,
  REJECTION_REASONS,
  type RejectionReason,
} from "../../inbox/model.js";
import { type AttachmentInfo, attachmentSummary, SUBJECT_MAX, senderDomain, truncate } from "../../inbox/sender.js";
import { type DomainError, type FieldError, validationError } from "../../shared/errors.js";
import { companyNotFound } from "./company-rules.js";
import type { InboxDeps } from "./deps.js";

export interface RecordForwardingRejectionInput {
  readonly clientId: string;
  readonly companyId: string;
  /** The sender's address (its domain is derived from it). */
  readonly fromAddress: string;
  readonly subject: string | null;
  /** Names and types only: attachments' bytes are never stored. */
  readonly attachments: readonly AttachmentInfo[];
  readonly reason: RejectionReason;
  readonly authResult: EmailAuthResult;
  readonly dkimResult: EmailAuthResult;
  readonly spfResult: EmailAuthResult;
  /** When the forward arrived (default: now). */
  readonly receivedAt?: Date;
}

/** Longest sender address kept (RFC 5321's path limit; the column's width). */
const ADDRESS_MAX = 320;

const oneOf = <A extends string>(allowed: readonly A[], field: string, value: string): FieldError[] =>
  (allowed as readonly string[]).includes(value)
    ? []
    : [{ field, code: "Invalid", message: `Give one of ${allowed.join(", ")}.` }];

const inputErrors = (input: RecordForwardingRejectionInput): FieldError[] => {
  const address = input.fromAddress.trim();
  return [
    ...(address.length > ADDRESS_MAX || senderDomain(address) === undefined
      ? [
          {
            field: "fromAddress",
            code: "Invalid",
            message: "Give an address with a domain, of at most 320 characters.",
          },
        ]
      : []),
    ...oneOf(REJECTION_REASONS, "reason", input.reason),
    ...oneOf(EMAIL_AUTH_RESULTS, "authResult", input.authResult),
    ...oneOf(EMAIL_AUTH_RESULTS, "dkimResult", input.dkimResult),
    ...oneOf(EMAIL_AUTH_RESULTS, "spfResult", input.spfResult),
    ...(input.receivedAt !== undefined && Number.isNaN(input.receivedAt.getTime())
      ? [{ field: "receivedAt", code: "Invalid", message: "Give a valid time." }]
      : []),
  ];
};

/**
 * Records a forward a company did not accept: metadata only (sender, subject, attachment names and types,
 * verdicts). Used by inbound email, and by seeds and tests. `Company.NotFound` for a company not of the client.
 */
export const recordForwardingRejection =
  (deps: InboxDeps<"companies" | "forwardingRejections">) =>
  (input: RecordForwardingRejectionInput): TE.TaskEither<DomainError, ForwardingRejection> => {
    const errors = inputErrors(input);
    if (errors.length > 0) return TE.left(validationError(errors));
    const fromAddress = input.fromAddress.trim();
    return () =>
      deps.db.run(async (s): Promise<E.Either<DomainError, ForwardingRejection>> => {
        if ((await s.companies.ofId(input.clientId, input.companyId)) === undefined) return E.left(companyNotFound());
        const rejection: ForwardingRejection = {
          id: deps.ids.next(),
          clientId: input.clientId,
          companyId: input.companyId,
          fromAddress,
          fromDomain: senderDomain(fromAddress) as string,
          subject: input.subject === null ? null : truncate(input.subject, SUBJECT_MAX),
          attachmentCount: input.attachments.length,
          attachmentSummary: attachmentSummary(input.attachments),
          reason: input.reason,
          authResult: input.authResult,
          dkimResult: input.dkimResult,
          spfResult: input.spfResult,
          receivedAt: input.receivedAt ?? deps.clock.now(),
        };
        await s.forwardingRejections.add(rejection);
        return E.right(rejection);
      });
  };
