import type {
  AccountingChart,
  AccountingExport,
  AllowedSender,
  ApiKey,
  ApprovalLink,
  ApprovalPolicy,
  AuditChainHead,
  AuditEntry,
  AuthCode,
  Bill,
  BillLifecycle,
  Client,
  Company,
  CompanyBill,
  Conversation,
  ConversationMessage,
  CreditNote,
  Customer,
  ExportedEntry,
  ForwardingRejection,
  ImportedStatement,
  Invoice,
  Membership,
  Organisation,
  PaymentRun,
  PaymentRunSettings,
  PersonSession,
  ProcessorAccount,
  Product,
  RecurringSchedule,
  Reminder,
  ReminderOffset,
  SellerIdentity,
  SignInLink,
  StoredEvent,
  Supplier,
  SupplierCreditNote,
  ToolConfirmation,
  User,
  WebhookDelivery,
  WebhookSubscription,
} from "@apar/core";
import type { IdempotencyRecord, Job, OrgScope } from "@apar/core/ports";

/** A stored agent message with the organisation it belongs to. */
export interface ScopedMessage {
  readonly scope: OrgScope;
  readonly message: ConversationMessage;
}

/** A matching document as the memory table keeps it (the SQL table's kind column beside the document). */
export interface MatchingRow {
  readonly kind: "po" | "dn" | "group" | "tolerances";
  readonly doc: { readonly id: string; readonly clientId: string; readonly organisationId: string } & Record<
    string,
    unknown
  >;
}

/** A job as the memory queue keeps it: `availableAt` as in the SQL table (see sql/migrations/0003-jobs.ts). */
export interface JobRow extends Job {
  readonly availableAt: Date | null;
}

/** A delivery as the memory store keeps it: `availableAt` as in the SQL table (see sql/migrations/0006-webhooks.ts). */
export interface DeliveryRow extends WebhookDelivery {
  readonly availableAt: Date | null;
}

/**
 * A table seen through a transaction: writes go to an overlay that `commit` folds into the shared rows,
 * so readers outside the transaction never see uncommitted rows and a rollback is dropping the overlay.
 */
export class Table<K, V> {
  /** Pending writes; `undefined` marks a pending delete. */
  private readonly changes = new Map<K, V | undefined>();

  constructor(private readonly rows: Map<K, V>) {}

  get(key: K): V | undefined {
    return this.changes.has(key) ? this.changes.get(key) : this.rows.get(key);
  }

  set(key: K, value: V): void {
    this.changes.set(key, value);
  }

  delete(key: K): void {
    this.changes.set(key, undefined);
  }

  *values(): IterableIterator<V> {
    for (const [key, value] of this.rows) if (!this.changes.has(key)) yield value;
    for (const value of this.changes.values()) if (value !== undefined) yield value;
  }

  commit(): void {
    for (const [key, value] of this.changes) {
      if (value === undefined) this.rows.delete(key);
      else this.rows.set(key, value);
    }
  }
}

/** The committed rows of a memory database, with the unique indexes the SQL schema has. */
export interface Rows {
  readonly clients: Map<string, Client>;
  readonly organisations: Map<string, Organisation>;
  readonly users: Map<string, User>;
  /** (client id, lower-cased e-mail) -> user id */
  readonly userEmails: Map<string, string>;
  /** `${userId} ${organisationId}` -> membership */
  readonly memberships: Map<string, Membership>;
  readonly apiKeys: Map<string, ApiKey>;
  /** key prefix -> API key id */
  readonly apiKeyPrefixes: Map<string, string>;
  /** code hash -> auth code */
  readonly authCodes: Map<string, AuthCode>;
  /** token hash -> sign-in link */
  readonly signInLinks: Map<string, SignInLink>;
  /** id hash -> person session */
  readonly personSessions: Map<string, PersonSession>;
  readonly companies: Map<string, Company>;
  /** slug -> company id */
  readonly companySlugs: Map<string, string>;
  readonly forwardingRejections: Map<string, ForwardingRejection>;
  readonly allowedSenders: Map<string, AllowedSender>;
  readonly companyBills: Map<string, CompanyBill>;
  /** position -> event */
  readonly events: Map<number, StoredEvent>;
  /** event id -> position */
  readonly eventIds: Map<string, number>;
  readonly jobs: Map<string, JobRow>;
  /** dedupe key -> job id */
  readonly jobKeys: Map<string, string>;
  readonly bills: Map<string, Bill>;
  readonly suppliers: Map<string, Supplier>;
  /** `${clientId} ${scope} ${key}` -> record */
  readonly idempotencyKeys: Map<string, IdempotencyRecord>;
  readonly webhookSubscriptions: Map<string, WebhookSubscription>;
  readonly webhookDeliveries: Map<string, DeliveryRow>;
  /** `${subscriptionId} ${eventId}` -> delivery id */
  readonly webhookDeliveryKeys: Map<string, string>;
  readonly recurringSchedules: Map<string, RecurringSchedule>;
  /** `${clientId} ${organisationId}` -> default offsets */
  readonly reminderRules: Map<string, readonly ReminderOffset[]>;
  readonly reminders: Map<string, Reminder>;
  /** `${invoiceId} ${key}` -> reminder id */
  readonly reminderKeys: Map<string, string>;
  /** invoice id -> when its reminders were planned */
  readonly reminderPlans: Map<string, Date>;
  readonly approvalPolicies: Map<string, ApprovalPolicy>;
  /** bill id -> lifecycle */
  readonly billLifecycles: Map<string, BillLifecycle>;
  /** token hash -> link */
  readonly approvalLinks: Map<string, ApprovalLink>;
  /** id -> purchase order, delivery note, match group or tolerances (see stores/matching.ts) */
  readonly matchingDocuments: Map<string, MatchingRow>;
  readonly supplierCreditNotes: Map<string, SupplierCreditNote>;
  readonly customers: Map<string, Customer>;
  readonly products: Map<string, Product>;
  readonly invoices: Map<string, Invoice>;
  readonly creditNotes: Map<string, CreditNote>;
  /** `${organisationId} ${kind}` -> last number given */
  readonly documentNumbers: Map<string, number>;
  /** `${clientId} ${organisationId}` -> seller identity */
  readonly sellerIdentities: Map<string, SellerIdentity>;
  /** id -> payment run */
  readonly paymentRuns: Map<string, PaymentRun>;
  /** Keyed by `clientId organisationId`. */
  readonly paymentRunSettings: Map<string, PaymentRunSettings>;
  /** id -> imported bank statement */
  readonly bankStatements: Map<string, ImportedStatement>;
  /** id -> agent conversation */
  readonly conversations: Map<string, Conversation>;
  /** id -> agent conversation message, with its organisation */
  readonly conversationMessages: Map<string, ScopedMessage>;
  /** token hash -> tool call waiting for a person */
  readonly toolConfirmations: Map<string, ToolConfirmation>;
  /** `${clientId} ${organisationId}` -> payment processor account */
  readonly paymentAccounts: Map<string, ProcessorAccount>;
  /** `${provider} ${eventId}` -> a processor event applied */
  readonly processorEvents: Map<string, { readonly outcome: string; readonly at: Date }>;
  /** id -> audit entry */
  readonly auditEntries: Map<string, AuditEntry>;
  /** chain id -> its head */
  readonly auditChains: Map<string, AuditChainHead>;
  /** `${clientId} ${organisationId}` -> chart mapping */
  readonly accountingCharts: Map<string, AccountingChart>;
  /** id -> export of the books */
  readonly accountingExports: Map<string, AccountingExport>;
  /** `${exportId} ${seq}` -> an entry an export carried */
  readonly accountingExportEntries: Map<
    string,
    ExportedEntry & { readonly exportId: string; readonly clientId: string; readonly organisationId: string }
  >;
}

export type Tables = { readonly [T in keyof Rows]: Rows[T] extends Map<infer K, infer V> ? Table<K, V> : never };

/** Empty rows. */
export const emptyRows = (): Rows => ({
  clients: new Map(),
  organisations: new Map(),
  users: new Map(),
  userEmails: new Map(),
  memberships: new Map(),
  apiKeys: new Map(),
  apiKeyPrefixes: new Map(),
  authCodes: new Map(),
  signInLinks: new Map(),
  personSessions: new Map(),
  companies: new Map(),
  companySlugs: new Map(),
  forwardingRejections: new Map(),
  allowedSenders: new Map(),
  companyBills: new Map(),
  events: new Map(),
  eventIds: new Map(),
  jobs: new Map(),
  jobKeys: new Map(),
  bills: new Map(),
  suppliers: new Map(),
  idempotencyKeys: new Map(),
  webhookSubscriptions: new Map(),
  webhookDeliveries: new Map(),
  webhookDeliveryKeys: new Map(),
  recurringSchedules: new Map(),
  reminderRules: new Map(),
  reminders: new Map(),
  reminderKeys: new Map(),
  reminderPlans: new Map(),
  approvalPolicies: new Map(),
  billLifecycles: new Map(),
  approvalLinks: new Map(),
  matchingDocuments: new Map(),
  supplierCreditNotes: new Map(),
  customers: new Map(),
  products: new Map(),
  invoices: new Map(),
  creditNotes: new Map(),
  documentNumbers: new Map(),
  sellerIdentities: new Map(),
  paymentRuns: new Map(),
  paymentRunSettings: new Map(),
  bankStatements: new Map(),
  conversations: new Map(),
  conversationMessages: new Map(),
  toolConfirmations: new Map(),
  paymentAccounts: new Map(),
  processorEvents: new Map(),
  auditEntries: new Map(),
  auditChains: new Map(),
  accountingCharts: new Map(),
  accountingExports: new Map(),
  accountingExportEntries: new Map(),
});

/** A fresh view of the rows (a transaction's working set until committed). */
export const tablesOf = (rows: Rows): Tables =>
  Object.fromEntries(Object.entries(rows).map(([name, map]) => [name, new Table(map)])) as unknown as Tables;

/** Makes a transaction's writes visible to everyone. */
export const commitTables = (tables: Tables): void => {
  for (const table of Object.values(tables) as Table<unknown, unknown>[]) table.commit();
};

/** A copy callers cannot use to change stored rows (or be changed by them). */
export const copy = <A>(value: A): A => structuredClone(value);

/** Refuses a second row with the same unique value, as a SQL unique index does. */
export const assertAbsent = <K>(table: Table<K, unknown>, key: K, what: string): void => {
  if (table.get(key) !== undefined) throw new Error(`duplicate ${what}: ${String(key)}`);
};
