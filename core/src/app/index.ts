// @apar/core/app: the use cases. Each takes its ports (a unit of work with the stores, a clock, ids and the
// extras it names) and answers a TaskEither of a DomainError or its result. Helpers the use cases share
// (loading, moving, the not-found errors, delivery batching) stay inside the package.

export * from "./agents/index.js";
export {
  type ApprovalLinkView,
  actOnApprovalLink,
  approvalLinkDocument,
  sendApprovalLinks,
  viewApprovalLink,
} from "./approvals/approval-links.js";
export {
  approveBill,
  markBillPaid,
  rejectBill,
  reopenBill,
  returnBillToReview,
  scheduleBillPayment,
  submitBill,
  unscheduleBill,
} from "./approvals/bill-lifecycle.js";
export * from "./approvals/deps.js";
export * from "./approvals/jobs.js";
export * from "./approvals/policy-input.js";
export * from "./approvals/policy-use-cases.js";
export { type PolicyJson, PolicyView } from "./approvals/policy-view.js";
export * from "./audit/index.js";
export * from "./bank-details/index.js";
export * from "./bills/bill-actions.js";
export * from "./bills/bill-queries.js";
export { READ_BILL_JOB, type ReadBillDeps, type ReadBillJob } from "./bills/deps.js";
export * from "./bills/document-references.js";
export { failStuckReads, STUCK_READ_GRACE_MS } from "./bills/fail-read.js";
export * from "./bills/inputs.js";
export * from "./bills/jobs.js";
export * from "./bills/read-bill.js";
export * from "./bills/read-bill-job.js";
export * from "./bills/read-bill-payload.js";
export * from "./bills/update-bill.js";
export * from "./bills/upload-bill.js";
export * from "./books/index.js";
export {
  createCreditNote,
  creditNoteEinvoice,
  creditNotePdf,
  getCreditNote,
  issueCreditNote,
  listCreditNotes,
} from "./credit-notes/credit-note-use-cases.js";
export {
  type CatalogueDeps,
  CreateCustomerBody,
  createCustomer,
  deleteCustomer,
  getCustomer,
  listCustomers,
  searchCustomers,
  UpdateCustomerBody,
  updateCustomer,
} from "./customers/customer-use-cases.js";
export type { CoreDeps } from "./deps.js";
export type {
  IdempotencyPlace,
  IdempotencyRequest,
  OperationIdempotency,
  OperationName,
  RememberedAnswer,
} from "./idempotency.js";
export { keyedDeps } from "./idempotency.js";
export * from "./imports/index.js";
export * from "./inbox/allowed-senders.js";
export {
  type AssignCompanyBillInput,
  assignCompanyBill,
  type CompanyBillInput,
  type CompanyBillJson,
  CompanyBillView,
  companyBillJson,
  getCompanyBill,
  readCompanyBill,
} from "./inbox/company-bills.js";
export * from "./inbox/company-queries.js";
export { type CompanyVisibility, companyVisible } from "./inbox/company-rules.js";
export * from "./inbox/create-company.js";
export * from "./inbox/delete-company.js";
export type * from "./inbox/deps.js";
export * from "./inbox/inputs.js";
export * from "./inbox/jobs.js";
export { type ListForwardingRejectionsInput, listForwardingRejections } from "./inbox/list-forwarding-rejections.js";
export * from "./inbox/receive-forward.js";
export * from "./inbox/record-forwarding-rejection.js";
export * from "./inbox/update-company.js";
export { type CreateInvoiceInput, createInvoice } from "./invoices/create-invoice.js";
export {
  documentContext,
  EMAIL_INVOICE_JOB,
  type EmailInvoiceJob,
  type InvoiceDeps,
  type InvoiceDocumentDeps,
} from "./invoices/deps.js";
export { type EmailOutcome, emailInvoice } from "./invoices/email-invoice.js";
export {
  CreateCreditNoteBody,
  CreateInvoiceBody,
  RecordPaymentBody,
  SendInvoiceBody,
  UpdateInvoiceBody,
  VoidInvoiceBody,
} from "./invoices/invoice-bodies.js";
export { invoiceEinvoice, invoiceFileStem, invoicePdf, type RenderedFile } from "./invoices/invoice-documents.js";
export * from "./invoices/invoice-queries.js";
export * from "./invoices/jobs.js";
export * from "./invoices/record-payment.js";
export { type SendInvoiceInput, sendInvoice } from "./invoices/send-invoice.js";
export * from "./invoices/update-invoice.js";
export * from "./invoices/void-invoice.js";
export * from "./jobs/index.js";
export * from "./matching/documents.js";
export * from "./matching/inputs.js";
export {
  addAllocation,
  addResolution,
  createMatchGroup,
  getMatchGroup,
  getTolerances,
  listMatchGroups,
  type MatchGroupJson,
  matchingReviewGate,
  putTolerances,
  removeAllocation,
  removeResolution,
  syncMatchGroup,
  tolerancesOf,
} from "./matching/match-groups.js";
export * from "./payments/bank-statements.js";
export * from "./payments/inputs.js";
export * from "./payments/payment-accounts.js";
export * from "./payments/payment-run-approvals.js";
export * from "./payments/payment-runs.js";
export {
  CreateProductBody,
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  searchProducts,
  UpdateProductBody,
  updateProduct,
} from "./products/product-use-cases.js";
export type { OccurrenceInvoice, OccurrenceInvoices } from "./recurring/deps.js";
export * from "./recurring/enqueue-due.js";
export {
  GENERATE_OCCURRENCE_JOB,
  type GenerateOccurrenceJob,
  type GenerationDeps,
  type GenerationOutcome,
  generateOccurrence,
  recordGenerationFailure,
} from "./recurring/generate-occurrence.js";
export * from "./recurring/jobs.js";
export * from "./recurring/occurrence-invoices.js";
export * from "./recurring/schedule-body.js";
export * from "./recurring/schedule-json.js";
export {
  cancelSchedule,
  createSchedule,
  getSchedule,
  listSchedules,
  pauseSchedule,
  resumeSchedule,
  updateSchedule,
} from "./recurring/schedule-use-cases.js";
export * from "./reminders/deliver.js";
export * from "./reminders/deps.js";
export * from "./reminders/enqueue-reminders.js";
export * from "./reminders/jobs.js";
export * from "./reminders/reminder-json.js";
export {
  listInvoiceReminders,
  planInvoiceReminders,
  type SentNow,
  sendReminderNow,
} from "./reminders/reminder-use-cases.js";
export * from "./reminders/rules.js";
export * from "./reports/reports.js";
export * from "./sign-in/index.js";
export {
  applySupplierCredit,
  deleteSupplierCreditNote,
  draftSupplierCreditNote,
  getSupplierCreditNote,
  issueSupplierCreditNote,
  listSupplierCreditNotes,
  reverseSupplierCredit,
  supplierCreditNoteJson,
} from "./supplier-credits/credit-notes.js";
export * from "./supplier-credits/inputs.js";
export { ConfirmBankDetailsBody, confirmBankDetails } from "./suppliers/confirm-bank-details.js";
export { matchSupplier, namedBy, nameLikeness, type SupplierMatch } from "./suppliers/match-supplier.js";
export { type AccountConfirmation, type PayeeAccount, payeeAccountOf } from "./suppliers/payee-account.js";
export { getSupplierHistory, type SupplierHistoryEntry } from "./suppliers/supplier-history.js";
export {
  CreateSupplierBody,
  createSupplier,
  deleteSupplier,
  getSupplier,
  searchSuppliers,
  UpdateSupplierBody,
  updateSupplier,
} from "./suppliers/supplier-use-cases.js";
export * from "./tenancy/add-organisation-member.js";
export * from "./tenancy/auth-codes.js";
export { acceptApiKey, authenticateApiKey, authenticateBearer } from "./tenancy/authenticate.js";
export * from "./tenancy/create-api-key.js";
export * from "./tenancy/create-client.js";
export * from "./tenancy/create-organisation.js";
export * from "./tenancy/create-user.js";
export type * from "./tenancy/deps.js";
export * from "./tenancy/inputs.js";
export * from "./tenancy/queries.js";
export * from "./tenancy/rename-organisation.js";
export { actingIn, resolveAccess, type TenancyHeaders } from "./tenancy/resolve-access.js";
export * from "./tenancy/seller-identity.js";
export * from "./tenancy/update-client.js";
export * from "./tools/index.js";
export {
  type AttemptInputs,
  attemptsWith,
  type DeliveryAttempt,
  type NextClaim,
  readAttemptInputs,
  recordAttempts,
} from "./webhooks/deliver.js";
export type { DeliveryDeps, WebhookDeps } from "./webhooks/deps.js";
export * from "./webhooks/dispatch-events.js";
export * from "./webhooks/inputs.js";
export {
  getWebhookDelivery,
  getWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  recoverWebhookDeliveries,
  replayWebhookDelivery,
  sendWebhookTest,
} from "./webhooks/manage-deliveries.js";
export * from "./webhooks/manage-subscriptions.js";
export * from "./webhooks/views.js";
