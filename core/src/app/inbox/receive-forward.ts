import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import { sniffMediaType } from "../../bills/media-type.js";
import { UNREAD_BILL } from "../../bills/model.js";
import { SYSTEM_ACTOR } from "../../events/envelope.js";
import { makeEvent } from "../../events/make-event.js";
import { senderAllowed } from "../../inbox/allowlist.js";
import type { CompanyBill } from "../../inbox/company-bill.js";
import type { Company, EmailAuthResult, RejectionReason } from "../../inbox/model.js";
import type { DocumentFiles } from "../../ports/documents.js";
import type { StoreName } from "../../ports/stores.js";
import type { DomainError } from "../../shared/errors.js";
import { uploadBill } from "../bills/upload-bill.js";
import type { InboxDeps } from "./deps.js";
import { recordForwardingRejection } from "./record-forwarding-rejection.js";

/** What accepting forwarded mail needs beyond the inbox: the document files the bills' bytes go to. */
export interface ForwardDeps<K extends StoreName = StoreName> extends InboxDeps<K> {
  readonly files: DocumentFiles;
}

/** The job type that reads a bill waiting for its organisation. */
export const READ_COMPANY_BILL_JOB = "read-company-bill";

/** The payload of a read-company-bill job. */
export interface ReadCompanyBillJob {
  readonly clientId: string;
  readonly companyId: string;
  readonly billId: string;
}

/** One attachment of a forwarded message. */
export interface InboundAttachment {
  readonly name: string;
  /** As the message declared it; the bill's type is sniffed from the bytes. */
  readonly contentType: string;
  readonly bytes: Uint8Array;
}

/** The three verdicts of the spec, and whether they add up to an authenticated message. */
export interface ForwardAuthentication {
  readonly authResult: EmailAuthResult;
  readonly dkimResult: EmailAuthResult;
  readonly spfResult: EmailAuthResult;
  /** Aligned DKIM or aligned SPF passed (DMARC's logic, whatever the domain's published policy). */
  readonly passed: boolean;
}

export interface ReceiveForwardInput {
  readonly company: Company;
  /** The From header's address (the one DMARC aligns with). */
  readonly fromAddress: string;
  readonly subject: string | null;
  readonly attachments: readonly InboundAttachment[];
  readonly authentication: ForwardAuthentication;
  readonly receivedAt?: Date;
}

/** What became of a forwarded message. */
export type ForwardOutcome =
  | { readonly kind: "rejected"; readonly reason: RejectionReason; readonly rejectionId: string }
  | {
      readonly kind: "accepted";
      /** One per bill document; `organisationId` null for a bill waiting for its organisation. */
      readonly bills: readonly { readonly billId: string; readonly organisationId: string | null }[];
      /** Attachments that were not bill documents (signatures, logos of other types, text). */
      readonly ignored: number;
    };

/**
 * Decides a forwarded message: a sender not on the company's allowlist is `SenderNotAllowed` (checked first),
 * a message that failed authentication `AuthenticationFailed`; a rejection keeps metadata only and the
 * attachments' bytes are dropped unread. An accepted message's bill documents (sniffed: PDF, image, XML)
 * become bills: in the company's one organisation through the upload use case, or, when it feeds several
 * (or none yet), as bills waiting for one, read at once, announced by `company_bill.awaiting_organisation`.
 */
export const receiveForward =
  (
    deps: ForwardDeps<
      | "allowedSenders"
      | "bills"
      | "companies"
      | "companyBills"
      | "events"
      | "forwardingRejections"
      | "idempotencyKeys"
      | "jobs"
    >,
  ) =>
  (input: ReceiveForwardInput): TE.TaskEither<DomainError, ForwardOutcome> =>
  async () => {
    const { company, authentication: auth } = input;
    const list = await deps.db.stores.allowedSenders.listOfCompany(company.clientId, company.id);
    const reason: RejectionReason | undefined = !senderAllowed(list, input.fromAddress)
      ? "SenderNotAllowed"
      : !auth.passed
        ? "AuthenticationFailed"
        : undefined;
    if (reason !== undefined) {
      const recorded = await recordForwardingRejection(deps)({
        clientId: company.clientId,
        companyId: company.id,
        fromAddress: input.fromAddress,
        subject: input.subject,
        attachments: input.attachments.map((a) => ({ name: a.name, contentType: a.contentType })),
        reason,
        authResult: auth.authResult,
        dkimResult: auth.dkimResult,
        spfResult: auth.spfResult,
        ...(input.receivedAt === undefined ? {} : { receivedAt: input.receivedAt }),
      })();
      return E.isLeft(recorded) ? recorded : E.right({ kind: "rejected", reason, rejectionId: recorded.right.id });
    }
    const bills: { billId: string; organisationId: string | null }[] = [];
    let ignored = 0;
    const [only, ...others] = company.organisationIds;
    for (const attachment of input.attachments) {
      const mediaType = sniffMediaType(attachment.bytes.subarray(0, 64));
      if (mediaType === undefined) {
        ignored += 1;
        continue;
      }
      const stored = await deps.files.put(attachment.bytes);
      const document = {
        sha256: stored.sha256,
        mediaType,
        filename: attachment.name.trim() === "" ? null : attachment.name.trim().slice(0, 255),
        size: stored.size,
      };
      if (only !== undefined && others.length === 0) {
        const uploaded = await uploadBill(deps)({
          scope: { clientId: company.clientId, organisationId: only },
          actor: SYSTEM_ACTOR,
          document,
        })();
        if (E.isLeft(uploaded)) return uploaded;
        bills.push({ billId: uploaded.right.bill.id, organisationId: only });
        continue;
      }
      const billId = await deps.db.run(async (s) => {
        const now = deps.clock.now();
        const waiting: CompanyBill = {
          id: deps.ids.next(),
          clientId: company.clientId,
          companyId: company.id,
          ...UNREAD_BILL,
          document,
          createdAt: now,
          updatedAt: now,
        };
        await s.companyBills.add(waiting);
        await s.events.append([
          makeEvent({
            ids: deps.ids,
            clock: deps.clock,
            type: "company_bill.awaiting_organisation",
            clientId: company.clientId,
            organisationId: null,
            companyId: company.id,
            actor: SYSTEM_ACTOR,
            data: { billId: waiting.id },
          }),
        ]);
        const job: ReadCompanyBillJob = { clientId: company.clientId, companyId: company.id, billId: waiting.id };
        await s.jobs.enqueue({ type: READ_COMPANY_BILL_JOB, payload: job }, now);
        return waiting.id;
      });
      bills.push({ billId, organisationId: null });
    }
    return E.right({ kind: "accepted", bills, ignored });
  };
