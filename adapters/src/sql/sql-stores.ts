import type { Stores } from "@apar/core/ports";
import type { SqlSession } from "./sql-session.js";
import { sqlAllowedSenders } from "./stores/allowed-senders.js";
import { sqlApiKeys } from "./stores/api-keys.js";
import { sqlApprovalLinks, sqlApprovalPolicies, sqlBillLifecycles } from "./stores/approvals.js";
import { sqlAuditLog } from "./stores/audit-log.js";
import { sqlAuthCodes } from "./stores/auth-codes.js";
import { sqlBankStatements } from "./stores/bank-statements.js";
import { sqlBills } from "./stores/bills.js";
import { sqlAccountingCharts, sqlAccountingExports, sqlBookSources } from "./stores/books.js";
import { sqlClients } from "./stores/clients.js";
import { sqlCompanies } from "./stores/companies.js";
import { sqlCompanyBills } from "./stores/company-bills.js";
import { sqlConversations } from "./stores/conversations.js";
import { sqlCustomers } from "./stores/customers.js";
import { sqlEvents } from "./stores/events.js";
import { sqlForwardingRejections } from "./stores/forwarding-rejections.js";
import { sqlIdempotencyKeys } from "./stores/idempotency-keys.js";
import { sqlInvoiceReminders } from "./stores/invoice-reminders.js";
import { sqlCreditNotes, sqlDocumentNumbers, sqlInvoices } from "./stores/invoices.js";
import { sqlJobs } from "./stores/jobs.js";
import { sqlMatching } from "./stores/matching.js";
import { sqlMemberships } from "./stores/memberships.js";
import { sqlOrganisations } from "./stores/organisations.js";
import { sqlPaymentAccounts } from "./stores/payment-accounts.js";
import { sqlPaymentRuns } from "./stores/payment-runs.js";
import { sqlProducts } from "./stores/products.js";
import { sqlRecurringSchedules } from "./stores/recurring-schedules.js";
import { sqlReportSources } from "./stores/reports.js";
import { sqlSellerIdentities } from "./stores/seller-identities.js";
import { sqlPersonSessions, sqlSignInLinks } from "./stores/sign-in.js";
import { sqlSupplierCreditNotes } from "./stores/supplier-credits.js";
import { sqlSuppliers } from "./stores/suppliers.js";
import { sqlToolConfirmations } from "./stores/tool-confirmations.js";
import { sqlUsers } from "./stores/users.js";
import { sqlWebhookDeliveries } from "./stores/webhook-deliveries.js";
import { sqlWebhookSubscriptions } from "./stores/webhook-subscriptions.js";

/** Every store over one session (a transaction, or none). */
export const sqlStores = (session: SqlSession, newId: () => string): Stores => ({
  clients: sqlClients(session),
  organisations: sqlOrganisations(session),
  users: sqlUsers(session),
  memberships: sqlMemberships(session),
  apiKeys: sqlApiKeys(session),
  authCodes: sqlAuthCodes(session),
  signInLinks: sqlSignInLinks(session),
  personSessions: sqlPersonSessions(session),
  companies: sqlCompanies(session),
  forwardingRejections: sqlForwardingRejections(session),
  allowedSenders: sqlAllowedSenders(session),
  companyBills: sqlCompanyBills(session),
  events: sqlEvents(session),
  jobs: sqlJobs(session, newId),
  bills: sqlBills(session),
  suppliers: sqlSuppliers(session),
  idempotencyKeys: sqlIdempotencyKeys(session),
  webhookSubscriptions: sqlWebhookSubscriptions(session),
  webhookDeliveries: sqlWebhookDeliveries(session),
  recurringSchedules: sqlRecurringSchedules(session),
  invoiceReminders: sqlInvoiceReminders(session),
  approvalPolicies: sqlApprovalPolicies(session),
  billLifecycles: sqlBillLifecycles(session),
  approvalLinks: sqlApprovalLinks(session),
  matching: sqlMatching(session),
  supplierCreditNotes: sqlSupplierCreditNotes(session),
  customers: sqlCustomers(session),
  products: sqlProducts(session),
  invoices: sqlInvoices(session),
  creditNotes: sqlCreditNotes(session),
  documentNumbers: sqlDocumentNumbers(session),
  sellerIdentities: sqlSellerIdentities(session),
  paymentRuns: sqlPaymentRuns(session),
  bankStatements: sqlBankStatements(session),
  conversations: sqlConversations(session),
  toolConfirmations: sqlToolConfirmations(session),
  paymentAccounts: sqlPaymentAccounts(session),
  reports: sqlReportSources(session),
  auditLog: sqlAuditLog(session),
  accountingCharts: sqlAccountingCharts(session),
  accountingExports: sqlAccountingExports(session),
  bookSources: sqlBookSources(session),
});
