/** A bank account the organisation is paid into, printed on invoices and carried in e-invoices (BG-17). */
export interface SellerBankAccount {
  /** Electronic form: upper case, no spaces; its check digits hold. */
  readonly iban: string;
  readonly bic: string | null;
  /** The account's name (BT-85), when it differs from the legal name. */
  readonly accountName: string | null;
}

/**
 * Who the organisation is on the documents it sends (EN 16931's Seller, BG-4): legal name, postal address,
 * VAT and tax registrations, company registration, contact, default payment terms and where to pay.
 */
export interface SellerIdentity {
  readonly legalName: string;
  /** Name used in trade (BT-28), when it differs from the legal name. */
  readonly tradingName: string | null;
  /** One to three street lines. */
  readonly addressLines: readonly string[];
  readonly city: string;
  readonly postcode: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  /** VAT identifier with its country prefix (BT-31), e.g. DE123456789. */
  readonly vatNumber: string | null;
  /** Local tax registration (BT-32), e.g. a German Steuernummer. */
  readonly taxRegistration: string | null;
  /** Company registration id (BT-30), e.g. HRB 12345 or a SIREN. */
  readonly companyRegistrationId: string | null;
  readonly contactName: string | null;
  readonly contactEmail: string | null;
  readonly contactPhone: string | null;
  /** Days from issue to due for new invoices; printed as the payment terms. */
  readonly defaultPaymentTermsDays: number | null;
  readonly bankAccounts: readonly SellerBankAccount[];
  readonly updatedAt: Date;
}

/**
 * The name customers and approvers read: the seller identity's trading name, else its legal name, else the
 * organisation's own name (an organisation without a seller identity).
 */
export const sellerNameOf = (
  organisation: { readonly name: string } | undefined,
  seller: Pick<SellerIdentity, "legalName" | "tradingName"> | null | undefined,
): string => seller?.tradingName ?? seller?.legalName ?? organisation?.name ?? "";

/** Where a customer's answer to a mail goes: the seller identity's contact e-mail, when it has one. */
export const replyToOf = (
  seller: Pick<SellerIdentity, "contactEmail"> | null | undefined,
): { readonly replyTo: string } | Record<never, never> =>
  seller?.contactEmail == null ? {} : { replyTo: seller.contactEmail };

/** Whole days from one date (YYYY-MM-DD) to another. */
export const daysFromTo = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** An invoice's payment terms in words, from its own dates: what is printed always agrees with the due date. */
export const invoiceTermsText = (invoice: { readonly issueDate: string; readonly dueDate: string }): string | null =>
  paymentTermsText(daysFromTo(invoice.issueDate, invoice.dueDate));

/** Payment terms in words, as printed and carried in BT-20 ("Net 30 days"). */
export const paymentTermsText = (days: number | null): string | null =>
  days === null ? null : days === 0 ? "Due on receipt" : `Net ${days} days`;
