import type { Invoice } from "../../invoices/model.js";
import { formatAmount } from "../../shared/money.js";
import { replyToOf, sellerNameOf } from "../../tenancy/seller-identity.js";
import { documentContext, type EmailInvoiceJob, type InvoiceMailDeps } from "./deps.js";
import { invoiceFileStem, invoiceWithIssuer } from "./invoice-documents.js";

/** What the email job did. */
export type EmailOutcome = "sent" | "skipped";

/** The text of an invoice email. */
export const invoiceMailText = (invoice: Invoice, seller: string, link: string | null): string =>
  [
    `Dear ${invoice.customer.name},`,
    "",
    `please find attached invoice ${invoice.documentNumber ?? ""} from ${seller} for ${formatAmount(invoice.totalAmount, invoice.currency)} ${invoice.currency}, due on ${invoice.dueDate}.`,
    ...(link === null ? [] : ["", `You can view and pay it online: ${link}`]),
    "",
    `Kind regards,`,
    seller,
  ].join("\n");

/**
 * Emails a sent invoice to its customer through the Mailer, the PDF attached and the public link in the
 * text. Run by the email-invoice job; an invoice voided (or gone) since is skipped. A retried job may send
 * twice: the mail says the same both times.
 */
export const emailInvoice =
  (deps: InvoiceMailDeps<"invoices" | "organisations" | "sellerIdentities">) =>
  async (job: EmailInvoiceJob): Promise<EmailOutcome> => {
    const scope = { clientId: job.clientId, organisationId: job.organisationId };
    const found = await invoiceWithIssuer(deps.db.stores, scope, job.invoiceId);
    if (found === undefined || found.invoice.status === "Draft" || found.invoice.status === "Void") return "skipped";
    const { invoice, organisation, seller } = found;
    if (invoice.customer.email === null) return "skipped";
    const context = documentContext(deps, organisation, invoice, seller);
    const pdf = await deps.renderer.invoicePdf(invoice, context);
    const name = sellerNameOf(organisation, seller);
    await deps.mailer.send({
      from: deps.mailFrom,
      to: [invoice.customer.email],
      ...replyToOf(seller),
      subject: `Invoice ${invoice.documentNumber ?? ""} from ${name}`,
      text: invoiceMailText(invoice, name, context.paymentUrl),
      attachments: [{ filename: `${invoiceFileStem(invoice)}.pdf`, contentType: "application/pdf", content: pdf }],
    });
    return "sent";
  };
