import * as t from "io-ts";
import type { JobDefinition } from "../jobs/job.js";
import { type ApprovalLinkDeps, sendApprovalLinks } from "./approval-links.js";
import { type ApprovalLinksJob, SEND_APPROVAL_LINKS_JOB } from "./deps.js";

/** The payload of `send-approval-links`. */
export const ApprovalLinksPayload: t.Decoder<unknown, ApprovalLinksJob> = t.type({
  clientId: t.string,
  organisationId: t.string,
  billId: t.string,
});

/** `send-approval-links`: mails the public approval links of a bill's current step. */
export const sendApprovalLinksJob: JobDefinition<typeof SEND_APPROVAL_LINKS_JOB, ApprovalLinkDeps, ApprovalLinksJob> = {
  type: SEND_APPROVAL_LINKS_JOB,
  payload: ApprovalLinksPayload,
  run: (deps) => {
    const send = sendApprovalLinks(deps);
    return async (payload) => ({ billId: payload.billId, ...(await send(payload)) });
  },
};
