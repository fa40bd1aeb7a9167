import {
  type Client,
  type CreditNote,
  CurrencyCode,
  clientSettingsOf,
  creditorReferenceFor,
  type DomainError,
  documented,
  domainError,
  formatAmount,
  type Invoice,
  IsoDate,
  isPositiveAmount,
  MoneyAmount,
  notFound,
  nullable,
  type Organisation,
  outstandingOf,
  type SellerIdentity,
} from "@apar/core";
import type { Stores } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import type { StatusWord } from "./public-invoice-words.js";

const text = nullable(t.string);

/** The published public view of an invoice (ROUTES.md), its JSON at `/i/{token}` with `Accept: application/json`. */
export const PublicInvoiceViewCodec = t.type(
  {
    documentNumber: t.string,
    creditorReference: documented(t.string, {
      description: "The ISO 11649 RF reference to quote with a transfer (beyond the published members).",
    }),
    currency: CurrencyCode,
    customerName: t.string,
    organisationName: t.string,
    totalAmount: MoneyAmount,
    amountPaid: MoneyAmount,
    amountCredited: documented(MoneyAmount, {
      description: "What issued credit notes took off (beyond the published members, so that the figures add up).",
    }),
    amountDue: MoneyAmount,
    issueDate: IsoDate,
    dueDate: IsoDate,
    status: t.string,
    memo: text,
    organisationLogoUrl: text,
    organisationPrimaryColour: text,
  },
  "PublicInvoice",
);
export type PublicInvoiceView = t.TypeOf<typeof PublicInvoiceViewCodec>;

/** What the page shows beyond the view: lines, payments, credit notes, the seller and its human status. */
export interface PublicInvoicePage {
  readonly view: PublicInvoiceView;
  readonly statusWord: StatusWord;
  /** Whether credit notes took something off. */
  readonly credited: boolean;
  readonly lines: readonly { readonly description: string; readonly quantity: string; readonly netAmount: string }[];
  readonly payments: readonly { readonly paidAt: string; readonly amount: string }[];
  readonly credits: readonly {
    readonly number: string;
    readonly date: string;
    readonly amount: string;
    readonly reason: string | null;
  }[];
  readonly seller: SellerIdentity | undefined;
  readonly customerCountry: string | null;
}

/** A token's invoice with what its page needs. */
export interface PublicInvoice {
  readonly invoice: Invoice;
  readonly organisation: Organisation | undefined;
  readonly seller: SellerIdentity | undefined;
  readonly view: PublicInvoiceView;
  readonly page: PublicInvoicePage;
}

const unknownLink = (): DomainError => notFound("PublicInvoice.NotFound", "This invoice link is not valid.");

/** A token no invoice has any longer: voided invoices' links stop working (410, so the customer knows why). */
const voided = (): DomainError => domainError("Gone", "PublicInvoice.Voided", "This invoice was withdrawn.");

/** The status in the customer's words: an open invoice past its due date is overdue. */
export const statusWordOf = (invoice: Invoice, today: string): StatusWord =>
  (invoice.status === "Sent" || invoice.status === "PartiallyPaid") &&
  invoice.dueDate < today &&
  isPositiveAmount(outstandingOf(invoice))
    ? "Overdue"
    : invoice.status;

/** The view of an invoice as its customer sees it. */
export const publicInvoiceView = (
  invoice: Invoice,
  organisation: Organisation | undefined,
  client: Client | undefined,
  seller?: SellerIdentity,
): PublicInvoiceView => {
  const money = (amount: string) => formatAmount(amount, invoice.currency);
  const settings = client === undefined ? undefined : clientSettingsOf(client);
  return {
    documentNumber: invoice.documentNumber ?? "",
    creditorReference: creditorReferenceFor(invoice.documentNumber ?? "") ?? invoice.documentNumber ?? "",
    currency: invoice.currency,
    customerName: invoice.customer.name,
    organisationName: seller?.tradingName ?? seller?.legalName ?? organisation?.name ?? "",
    totalAmount: money(invoice.totalAmount),
    amountPaid: money(invoice.amountPaid),
    amountCredited: money(invoice.amountCredited),
    amountDue: money(outstandingOf(invoice)),
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    status: invoice.status,
    memo: invoice.memo,
    organisationLogoUrl: settings?.logoUrl ?? null,
    organisationPrimaryColour: settings?.primaryColour ?? null,
  };
};

const pageOf = (
  invoice: Invoice,
  view: PublicInvoiceView,
  credits: readonly CreditNote[],
  seller: SellerIdentity | undefined,
  today: string,
): PublicInvoicePage => {
  const money = (amount: string) => formatAmount(amount, invoice.currency);
  return {
    view,
    statusWord: statusWordOf(invoice, today),
    credited: isPositiveAmount(invoice.amountCredited),
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      netAmount: money(l.netAmount),
    })),
    payments: invoice.payments.map((p) => ({ paidAt: p.paidAt.slice(0, 10), amount: money(p.amount) })),
    credits: credits
      .filter((c) => c.status === "Issued")
      .map((c) => ({
        number: c.documentNumber ?? "",
        date: (c.issuedAt ?? c.createdAt).toISOString().slice(0, 10),
        amount: money(c.amount),
        reason: c.reason,
      })),
    seller,
    customerCountry: invoice.customer.country,
  };
};

/**
 * The invoice behind a public token: drafts have no token (404), a voided invoice's link answers 410 and
 * shows nothing of it. The token is the only credential, so no tenant is named.
 */
export const loadPublicInvoice = async (
  stores: Stores,
  token: string,
  now: Date = new Date(),
): Promise<E.Either<DomainError, PublicInvoice>> => {
  // Tokens are long URL-safe strings; anything else is not worth a query.
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return E.left(unknownLink());
  const invoice = await stores.invoices.ofPublicToken(token);
  if (invoice === undefined || invoice.status === "Draft") return E.left(unknownLink());
  if (invoice.status === "Void") return E.left(voided());
  const [organisation, client, seller, credits] = await Promise.all([
    stores.organisations.ofId(invoice.clientId, invoice.organisationId),
    stores.clients.ofId(invoice.clientId),
    stores.sellerIdentities.ofOrganisation(invoice),
    // An invoice's credits never reach the total (each is at most what was left), so 100 is every one.
    isPositiveAmount(invoice.amountCredited)
      ? stores.creditNotes.list(invoice, { invoiceId: invoice.id }, { limit: 100 }).then((p) => p.items)
      : Promise.resolve([]),
  ]);
  const view = publicInvoiceView(invoice, organisation, client, seller);
  const page = pageOf(invoice, view, credits, seller, now.toISOString().slice(0, 10));
  return E.right({ invoice, organisation, seller, view, page });
};

/** True when the page offers to pay: something is due and the invoice can still take payments. */
export const isPayable = (invoice: Invoice): boolean =>
  (invoice.status === "Sent" || invoice.status === "PartiallyPaid") && isPositiveAmount(outstandingOf(invoice));
