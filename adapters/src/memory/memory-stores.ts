import type { Stores } from "@apar/core/ports";
import type { Access } from "./access.js";
import { memoryAllowedSenders } from "./stores/allowed-senders.js";
import { memoryApiKeys } from "./stores/api-keys.js";
import { memoryApprovalLinks, memoryApprovalPolicies, memoryBillLifecycles } from "./stores/approvals.js";
import { memoryAuditLog } from "./stores/audit-log.js";
import { memoryAuthCodes } from "./stores/auth-codes.js";
import { memoryBankStatements } from "./stores/bank-statements.js";
import { memoryBills } from "./stores/bills.js";
import { memoryAccountingCharts, memoryAccountingExports, memoryBookSources } from "./stores/books.js";
import { memoryClients } from "./stores/clients.js";
import { memoryCompanies } from "./stores/companies.js";
import { memoryCompanyBills } from "./stores/company-bills.js";
import { memoryConversations } from "./stores/conversations.js";
import { memoryEvents, type PositionCounter } from "./stores/events.js";
import { memoryForwardingRejections } from "./stores/forwarding-rejections.js";
import { memoryIdempotencyKeys } from "./stores/idempotency-keys.js";
import { memoryInvoiceReminders } from "./stores/invoice-reminders.js";
import { memoryJobs } from "./stores/jobs.js";
import { memoryMatching } from "./stores/matching.js";
import { memoryMemberships } from "./stores/memberships.js";
import { memoryOrganisations } from "./stores/organisations.js";
import { memoryPaymentAccounts } from "./stores/payment-accounts.js";
import { memoryPaymentRuns } from "./stores/payment-runs.js";
import {
  memoryCreditNotes,
  memoryCustomers,
  memoryDocumentNumbers,
  memoryInvoices,
  memoryProducts,
} from "./stores/receivables.js";
import { memoryRecurringSchedules } from "./stores/recurring-schedules.js";
import { memoryReportSources } from "./stores/reports.js";
import { memorySellerIdentities } from "./stores/seller-identities.js";
import { memoryPersonSessions, memorySignInLinks } from "./stores/sign-in.js";
import { memorySupplierCreditNotes } from "./stores/supplier-credits.js";
import { memorySuppliers } from "./stores/suppliers.js";
import { memoryToolConfirmations } from "./stores/tool-confirmations.js";
import { memoryUsers } from "./stores/users.js";
import { memoryWebhookDeliveries } from "./stores/webhook-deliveries.js";
import { memoryWebhookSubscriptions } from "./stores/webhook-subscriptions.js";

/** Every store over one access path (a unit of work, or none). */
export const memoryStores = (access: Access, positions: PositionCounter, newId: () => string): Stores => ({
  clients: memoryClients(access),
  organisations: memoryOrganisations(access),
  users: memoryUsers(access),
  memberships: memoryMemberships(access),
  apiKeys: memoryApiKeys(access),
  authCodes: memoryAuthCodes(access),
  signInLinks: memorySignInLinks(access),
  personSessions: memoryPersonSessions(access),
  companies: memoryCompanies(access),
  forwardingRejections: memoryForwardingRejections(access),
  allowedSenders: memoryAllowedSenders(access),
  companyBills: memoryCompanyBills(access),
  events: memoryEvents(access, positions),
  jobs: memoryJobs(access, newId),
  bills: memoryBills(access),
  suppliers: memorySuppliers(access),
  idempotencyKeys: memoryIdempotencyKeys(access),
  webhookSubscriptions: memoryWebhookSubscriptions(access),
  webhookDeliveries: memoryWebhookDeliveries(access),
  recurringSchedules: memoryRecurringSchedules(access),
  invoiceReminders: memoryInvoiceReminders(access),
  approvalPolicies: memoryApprovalPolicies(access),
  billLifecycles: memoryBillLifecycles(access),
  approvalLinks: memoryApprovalLinks(access),
  matching: memoryMatching(access),
  supplierCreditNotes: memorySupplierCreditNotes(access),
  customers: memoryCustomers(access),
  products: memoryProducts(access),
  invoices: memoryInvoices(access),
  creditNotes: memoryCreditNotes(access),
  documentNumbers: memoryDocumentNumbers(access),
  sellerIdentities: memorySellerIdentities(access),
  conversations: memoryConversations(access),
  toolConfirmations: memoryToolConfirmations(access),
  paymentAccounts: memoryPaymentAccounts(access),
  paymentRuns: memoryPaymentRuns(access),
  bankStatements: memoryBankStatements(access),
  reports: memoryReportSources(access),
  auditLog: memoryAuditLog(access),
  accountingCharts: memoryAccountingCharts(access),
  accountingExports: memoryAccountingExports(access),
  bookSources: memoryBookSources(access),
});
