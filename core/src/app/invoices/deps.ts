import { publicInvoiceUrl } from "../../invoices/invoice-view.js";
import type { Invoice } from "../../invoices/model.js";
import type { DocumentContext, EinvoiceWriter, InvoiceRenderer, Tokens } from "../../ports/invoice-documents.js";
import type { Mailer } from "../../ports/mailer.js";
import type { StoreName } from "../../ports/stores.js";
import type { Organisation } from "../../tenancy/model.js";
import type { SellerIdentity } from "../../tenancy/seller-identity.js";
import type { CoreDeps } from "../deps.js";

/** What the invoice use cases need. Reads go to `db.stores`, outside a transaction. */
export interface InvoiceDeps<K extends StoreName = StoreName> extends CoreDeps<K> {
  /** Public page tokens. */
  readonly tokens: Tokens;
  /** Where the public pages live (`APAR_PUBLIC_URL`): links are `<publicBaseUrl>/i/<token>`. */
  readonly publicBaseUrl: string;
}

/** What rendering and mailing invoices needs beyond that. */
export interface InvoiceDocumentDeps<K extends StoreName = StoreName> extends InvoiceDeps<K> {
  readonly renderer: InvoiceRenderer;
  readonly einvoices: EinvoiceWriter;
}

/** What the email job needs. */
export interface InvoiceMailDeps<K extends StoreName = StoreName> extends InvoiceDocumentDeps<K> {
  readonly mailer: Mailer;
  /** The From address of invoice mail. */
  readonly mailFrom: string;
}

/** The job that emails a sent invoice to its customer (PDF attached, public link). */
export const EMAIL_INVOICE_JOB = "email-invoice";

/** The payload of an email-invoice job. */
export interface EmailInvoiceJob {
  readonly clientId: string;
  readonly organisationId: string;
  readonly invoiceId: string;
}

/** The printed context of an invoice: its organisation, its seller identity and its public link. */
export const documentContext = (
  deps: Pick<InvoiceDeps, "publicBaseUrl">,
  organisation: Pick<Organisation, "id" | "name">,
  invoice: Invoice,
  seller: SellerIdentity | undefined,
): DocumentContext => ({
  organisation: { id: organisation.id, name: organisation.name },
  seller: seller ?? null,
  paymentUrl:
    invoice.publicToken === null || invoice.status === "Void"
      ? null
      : publicInvoiceUrl(deps.publicBaseUrl, invoice.publicToken),
});
