import type { ApprovalLinks, ApprovalPolicies, BillLifecycles } from "./approvals.js";
import type { AuditLog } from "./audit.js";
import type { BankStatements } from "./bank-statements.js";
import type { Bills } from "./bills.js";
import type { AccountingCharts, AccountingExports, BookSources } from "./books.js";
import type { Conversations } from "./conversations.js";
import type { Customers } from "./customers.js";
import type { Events } from "./events.js";
import type { IdempotencyKeys } from "./idempotency.js";
import type { AllowedSenders, Companies, CompanyBills, ForwardingRejections } from "./inbox.js";
import type { CreditNotes, DocumentNumbers, Invoices } from "./invoices.js";
import type { Jobs } from "./jobs.js";
import type { MatchingStores } from "./matching.js";
import type { PaymentAccounts } from "./payment-gateway.js";
import type { PaymentRuns } from "./payment-runs.js";
import type { Products } from "./products.js";
import type { RecurringSchedules } from "./recurring.js";
import type { InvoiceReminders } from "./reminders.js";
import type { ReportSources } from "./reports.js";
import type { SellerIdentities } from "./seller-identities.js";
import type { SupplierCreditNotes } from "./supplier-credits.js";
import type { Suppliers } from "./suppliers.js";
import type {
  ApiKeys,
  AuthCodes,
  Clients,
  Memberships,
  Organisations,
  PersonSessions,
  SignInLinks,
  Users,
} from "./tenancy-stores.js";
import type { ToolConfirmations } from "./tool-confirmations.js";
import type { WebhookDeliveries, WebhookSubscriptions } from "./webhooks.js";

/** Every store, as seen inside one unit of work. */
export interface Stores {
  readonly clients: Clients;
  readonly organisations: Organisations;
  readonly users: Users;
  readonly memberships: Memberships;
  readonly apiKeys: ApiKeys;
  readonly authCodes: AuthCodes;
  readonly signInLinks: SignInLinks;
  readonly personSessions: PersonSessions;
  readonly companies: Companies;
  readonly forwardingRejections: ForwardingRejections;
  readonly allowedSenders: AllowedSenders;
  readonly companyBills: CompanyBills;
  readonly events: Events;
  readonly jobs: Jobs;
  readonly bills: Bills;
  readonly suppliers: Suppliers;
  readonly idempotencyKeys: IdempotencyKeys;
  readonly webhookSubscriptions: WebhookSubscriptions;
  readonly webhookDeliveries: WebhookDeliveries;
  readonly recurringSchedules: RecurringSchedules;
  readonly invoiceReminders: InvoiceReminders;
  readonly approvalPolicies: ApprovalPolicies;
  readonly billLifecycles: BillLifecycles;
  readonly approvalLinks: ApprovalLinks;
  readonly matching: MatchingStores;
  readonly supplierCreditNotes: SupplierCreditNotes;
  readonly customers: Customers;
  readonly products: Products;
  readonly invoices: Invoices;
  readonly creditNotes: CreditNotes;
  readonly documentNumbers: DocumentNumbers;
  readonly sellerIdentities: SellerIdentities;
  readonly paymentRuns: PaymentRuns;
  readonly bankStatements: BankStatements;
  readonly conversations: Conversations;
  readonly toolConfirmations: ToolConfirmations;
  readonly paymentAccounts: PaymentAccounts;
  readonly reports: ReportSources;
  readonly auditLog: AuditLog;
  readonly accountingCharts: AccountingCharts;
  readonly accountingExports: AccountingExports;
  readonly bookSources: BookSources;
}

/** The name of one store (`"bills"`, `"events"`, ...). */
export type StoreName = keyof Stores;

/** Runs work in one transaction over the stores `S`: every write inside commits together or not at all. */
export interface UnitOfWork<S = Stores> {
  run<A>(work: (stores: S) => Promise<A>): Promise<A>;
}

/**
 * The stores a use case touches, named: units of work over them and the same stores outside a transaction
 * (`stores`, each call commits on its own). A `Database` is a `Db` of every store; an embedder calling one use case
 * supplies only the stores that use case names (`Db<"bills" | "events" | "jobs">`).
 */
export interface Db<K extends StoreName = StoreName> extends UnitOfWork<Pick<Stores, K>> {
  readonly stores: Pick<Stores, K>;
}

/** A database: units of work plus what operators need (readiness, locks, shutdown). */
export interface Database extends Db {
  readonly dialect: "memory" | "sqlite" | "mysql";
  /** Applies pending migrations (forward-only; safe to run twice and from several instances at once). */
  migrate(): Promise<void>;
  /** True when the database answers and every migration is applied. */
  ready(): Promise<boolean>;
  /** Runs `work` holding a named database-wide lock (migrations, first-start setup). */
  withLock<A>(name: string, work: () => Promise<A>): Promise<A>;
  close(): Promise<void>;
}
