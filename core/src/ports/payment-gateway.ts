import type { Invoice } from "../invoices/model.js";

/** A hosted checkout for one invoice: the processor that collects what is due on it. */
export interface PaymentGateway {
  readonly name: string;
  /** Answers the URL of a checkout page for what is due on the invoice. */
  createCheckoutSession(invoice: Invoice, returnUrl: string): Promise<{ readonly url: string }>;
}
