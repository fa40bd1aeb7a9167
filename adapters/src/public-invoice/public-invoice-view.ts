import {
  type Client,
  clientSettingsOf,
  type DomainError,
  domainError,
  formatAmount,
  type Invoice,
  isPositiveAmount,
  notFound,
  type Organisation,
  outstandingOf,
  type SellerIdentity,
} from "@apar/core";
import type { Stores } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";

/** The published public view of an invoice (ROUTES.md), plus its lines for the page. */
export interface PublicInvoiceView {
  readonly documentNumber: string;
  readonly currency: string;
  readonly customerName: string;
  readonly organisationName: string;
  readonly totalAmount: string;
  readonly amountPaid: string;
  readonly amountDue: string;
  readonly issueDate: string;
  readonly dueDate: string;
  readonly status: string;
  readonly memo: string | null;
  readonly organisationLogoUrl: string | null;
  readonly organisationPrimaryColour: string | null;
  readonly lines: readonly { readonly description: string; readonly quantity: string; readonly netAmount: string }[];
}

/** A token's invoice with what its page needs. */
export interface PublicInvoice {
  readonly invoice: Invoice;
  readonly organisation: Organisation | undefined;
  readonly seller: SellerIdentity | undefined;
  readonly view: PublicInvoiceView;
}

const unknownLink = (): DomainError => notFound("PublicInvoice.NotFound", "This invoice link is not valid.");

/** A token no invoice has any longer: voided invoices' links stop working (410, so the customer knows why). */
const voided = (): DomainError => domainError("Gone", "PublicInvoice.Voided", "This invoice was withdrawn.");

/** The view of an invoice as its customer sees it. */
export const publicInvoiceView = (
  invoice: Invoice,
  organisation: Organisation | undefined,
  client: Client | undefined,
): PublicInvoiceView => {
  const money = (amount: string) => formatAmount(amount, invoice.currency);
  const settings = client === undefined ? undefined : clientSettingsOf(client);
  return {
    documentNumber: invoice.documentNumber ?? "",
    currency: invoice.currency,
    customerName: invoice.customer.name,
    organisationName: organisation?.name ?? "",
    totalAmount: money(invoice.totalAmount),
    amountPaid: money(invoice.amountPaid),
    amountDue: money(outstandingOf(invoice)),
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    memo: invoice.memo,
    organisationLogoUrl: settings?.logoUrl ?? null,
    organisationPrimaryColour: settings?.primaryColour ?? null,
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      netAmount: money(l.netAmount),
    })),
  };
};

/**
 * The invoice behind a public token: drafts have no token (404), a voided invoice's link answers 410 and
 * shows nothing of it. The token is the only credential, so no tenant is named.
 */
export const loadPublicInvoice = async (
  stores: Stores,
  token: string,
): Promise<E.Either<DomainError, PublicInvoice>> => {
  // Tokens are long URL-safe strings; anything else is not worth a query.
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return E.left(unknownLink());
  const invoice = await stores.invoices.ofPublicToken(token);
  if (invoice === undefined || invoice.status === "Draft") return E.left(unknownLink());
  if (invoice.status === "Void") return E.left(voided());
  const [organisation, client, seller] = await Promise.all([
    stores.organisations.ofId(invoice.clientId, invoice.organisationId),
    stores.clients.ofId(invoice.clientId),
    stores.sellerIdentities.ofOrganisation(invoice),
  ]);
  return E.right({ invoice, organisation, seller, view: publicInvoiceView(invoice, organisation, client) });
};

/** True when the page offers to pay: something is due and the invoice can still take payments. */
export const isPayable = (invoice: Invoice): boolean =>
  (invoice.status === "Sent" || invoice.status === "PartiallyPaid") && isPositiveAmount(outstandingOf(invoice));
