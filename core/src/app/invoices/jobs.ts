import * as t from "io-ts";
import type { JobDefinition } from "../jobs/job.js";
import { EMAIL_INVOICE_JOB, type EmailInvoiceJob, type InvoiceMailDeps } from "./deps.js";
import { emailInvoice } from "./email-invoice.js";

/** The payload of `email-invoice`. */
export const EmailInvoicePayload: t.Decoder<unknown, EmailInvoiceJob> = t.type({
  clientId: t.string,
  organisationId: t.string,
  invoiceId: t.string,
});

/** `email-invoice`: mails an issued invoice to its customer. */
export const emailInvoiceJob: JobDefinition<typeof EMAIL_INVOICE_JOB, InvoiceMailDeps, EmailInvoiceJob> = {
  type: EMAIL_INVOICE_JOB,
  payload: EmailInvoicePayload,
  run: (deps) => {
    const send = emailInvoice(deps);
    return async (payload) => ({ invoiceId: payload.invoiceId, outcome: await send(payload) });
  },
};
