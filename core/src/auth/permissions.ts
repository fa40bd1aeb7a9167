import { type DomainError, domainError } from "../shared/errors.js";
import type { RequestAuth } from "./principal.js";

/**
 * Who may do what, as data: one row per operation of the API and the portal (its operationId) and per tool of MCP
 * and the agents (`tool:<name>`), naming the roles that may do it. The HTTP server refuses a caller holding none of
 * them (403 `Permission.Denied`) and an operation without a row (403 `Permission.NotListed`); the tool runner
 * offers a credential only the tools its roles allow; the README's table of roles is written from this one.
 *
 * Roles, as a request holds them:
 * - `Public`: no credential at all (public pages, the approval link's token, third-party receivers).
 * - `Operator`: an operator API key (every client). It also holds `ApiKey`.
 * - `ApiKey`: an API key scoped to the client (a platform's server: not a person).
 * - `ClientAdmin`: a user who is Owner or Admin of the client.
 * - `OrgAdmin`, `Approver`, `Member`: a user's roles in the organisation of the request (on client-wide
 *   operations, the roles the user holds in any of the client's organisations).
 *
 * Segregation of duties, as an AP team and its auditor expect it: Members prepare (upload, correct, submit,
 * propose supplier changes); Approvers approve bills, confirm bank accounts and payment runs; administrators set
 * the rules (policies, tolerances, the seller identity, payment accounts) and mark bills paid by hand. Operations
 * that confirm a second pair of eyes (bank details, payment runs) list no API key: only a person confirms. Which
 * person (never the one who made the change) is checked by the use case.
 */
export const ROLES = ["Public", "Operator", "ApiKey", "ClientAdmin", "OrgAdmin", "Approver", "Member"] as const;
export type Role = (typeof ROLES)[number];

/** What each role is, for the README's table and problem details. */
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  Public: "no credential",
  Operator: "operator API key",
  ApiKey: "client API key",
  ClientAdmin: "client administrator",
  OrgAdmin: "organisation Admin",
  Approver: "Approver",
  Member: "Member",
};

const PUBLIC: readonly Role[] = ["Public"];
const OPERATOR: readonly Role[] = ["Operator"];
/** Any credential, whatever its roles (fixed reference data, checking bank details). */
const ANY_CREDENTIAL: readonly Role[] = ["Operator", "ApiKey", "ClientAdmin", "OrgAdmin", "Approver", "Member"];
/** Keys only: issuing a user's sign-in code. */
const KEYS: readonly Role[] = ["ApiKey"];
/** Client-wide administration: keys, webhooks, organisations, users, companies. */
const CLIENT_ADMIN: readonly Role[] = ["ApiKey", "ClientAdmin"];
/** An organisation's rules and accounts. */
const ORG_ADMIN: readonly Role[] = ["ApiKey", "ClientAdmin", "OrgAdmin"];
/** Anyone acting in the organisation: reading. */
const ORG: readonly Role[] = ["ApiKey", "ClientAdmin", "OrgAdmin", "Approver", "Member"];
/** Preparing: uploading, correcting, submitting, supplier records, receivables. */
const PREPARE: readonly Role[] = ["ApiKey", "ClientAdmin", "OrgAdmin", "Member"];
/** Deciding on money: approving, rejecting, scheduling, proposing payment runs. */
const APPROVE: readonly Role[] = ["ApiKey", "ClientAdmin", "OrgAdmin", "Approver"];
/** The second pair of eyes: a person who may approve (never a key). */
const CONFIRM: readonly Role[] = ["ClientAdmin", "OrgAdmin", "Approver"];

const operations = {
  // Operator routes and public pages.
  getHealth: PUBLIC,
  getReadiness: PUBLIC,
  getMetrics: PUBLIC,
  getOpenApiDocument: PUBLIC,
  viewPublicInvoice: PUBLIC,
  downloadPublicInvoicePdf: PUBLIC,
  viewPublicStatement: PUBLIC,
  downloadPublicStatementPdf: PUBLIC,
  createPublicInvoiceCheckoutSession: PUBLIC,
  viewPublicBillApproval: PUBLIC,
  viewPublicBillDocument: PUBLIC,
  approvePublicBill: PUBLIC,
  rejectPublicBill: PUBLIC,
  receiveInboundEmail: PUBLIC,
  stripeEvents: PUBLIC,
  patchApSettingsRemoved: PUBLIC,
  patchApSettingsRemovedV1: PUBLIC,
  mailboxOauthCallbackRemoved: PUBLIC,
  mailboxOauthCallbackRemovedV1: PUBLIC,
  exchangeAuthCode: PUBLIC,
  exchangeAuthCodeUnversioned: PUBLIC,

  // Tenancy and credentials.
  listClients: OPERATOR,
  createClient: OPERATOR,
  updateClient: OPERATOR,
  getClientSettings: ORG,
  listOrganisations: CLIENT_ADMIN,
  createOrganisation: CLIENT_ADMIN,
  getOrganisation: ORG,
  updateOrganisation: ORG_ADMIN,
  addOrganisationUser: ORG_ADMIN,
  createUser: CLIENT_ADMIN,
  getUser: ORG,
  listIndustries: ANY_CREDENTIAL,
  createAuthCode: KEYS,
  createAuthCodeUnversioned: KEYS,
  // The audit log: the administrators and keys (an auditor is handed its export).
  listAuditEvents: ORG_ADMIN,
  exportAuditEvents: ORG_ADMIN,
  listApiKeys: CLIENT_ADMIN,
  createApiKey: CLIENT_ADMIN,
  revokeApiKey: CLIENT_ADMIN,

  // Bank details: rules only, no one's data.
  listBankDetailCountries: ANY_CREDENTIAL,
  listBankDetailCountriesV1: ANY_CREDENTIAL,
  getBankDetailCountryProfile: ANY_CREDENTIAL,
  getBankDetailCountryProfileV1: ANY_CREDENTIAL,
  validateBankDetails: ANY_CREDENTIAL,
  validateBankDetailsV1: ANY_CREDENTIAL,

  // Companies and inbound mail.
  listCompanies: ORG,
  getCompany: ORG,
  createCompany: CLIENT_ADMIN,
  updateCompany: CLIENT_ADMIN,
  deleteCompany: CLIENT_ADMIN,
  listAllowedSenders: ORG,
  addAllowedSender: CLIENT_ADMIN,
  removeAllowedSender: CLIENT_ADMIN,
  listForwardingRejections: ORG,
  allowSenderFromRejection: CLIENT_ADMIN,
  getCompanyBill: ORG,
  assignCompanyBill: CLIENT_ADMIN,

  // Webhooks.
  listWebhookSubscriptions: CLIENT_ADMIN,
  createWebhookSubscription: CLIENT_ADMIN,
  getWebhookSubscription: CLIENT_ADMIN,
  updateWebhookSubscription: CLIENT_ADMIN,
  deleteWebhookSubscription: CLIENT_ADMIN,
  rotateWebhookSecret: CLIENT_ADMIN,
  enableWebhookSubscription: CLIENT_ADMIN,
  disableWebhookSubscription: CLIENT_ADMIN,
  testWebhookSubscription: CLIENT_ADMIN,
  recoverWebhookDeliveries: CLIENT_ADMIN,
  listWebhookDeliveries: CLIENT_ADMIN,
  getWebhookDelivery: CLIENT_ADMIN,
  replayWebhookDelivery: CLIENT_ADMIN,

  // Bills.
  listBills: ORG,
  getBill: ORG,
  getBillDocument: ORG,
  getBillHistory: ORG,
  getBillMatchGroup: ORG,
  uploadBill: PREPARE,
  updateBill: PREPARE,
  retryBillReading: PREPARE,
  dismissBillDuplicate: PREPARE,
  voidBill: PREPARE,
  submitBill: PREPARE,
  reopenBill: PREPARE,
  approveBill: APPROVE,
  rejectBill: APPROVE,
  returnBillToReview: APPROVE,
  scheduleBillPayment: APPROVE,
  unscheduleBill: APPROVE,
  markBillPaid: ORG_ADMIN,
  getApSettings: ORG,
  getApSettingsV1: ORG,

  // Suppliers and supplier credit.
  listSuppliers: ORG,
  getSupplier: ORG,
  createSupplier: PREPARE,
  updateSupplier: PREPARE,
  deleteSupplier: PREPARE,
  confirmSupplierBankDetails: CONFIRM,
  getSupplierHistory: ORG,
  draftSupplierCreditNote: PREPARE,
  listSupplierCreditNotes: ORG,
  getSupplierCreditNote: ORG,
  deleteSupplierCreditNote: PREPARE,
  issueSupplierCreditNote: PREPARE,
  applySupplierCredit: PREPARE,
  listSupplierCreditApplications: ORG,
  reverseSupplierCredit: PREPARE,

  // Approval policies and matching rules: the organisation's administrators.
  listApprovalPolicies: ORG,
  getApprovalPolicy: ORG,
  createApprovalPolicy: ORG_ADMIN,
  replaceApprovalPolicy: ORG_ADMIN,
  deleteApprovalPolicy: ORG_ADMIN,
  getMatchTolerances: ORG,
  putMatchTolerances: ORG_ADMIN,

  // Three-way matching.
  listPurchaseOrders: ORG,
  getPurchaseOrder: ORG,
  createPurchaseOrder: PREPARE,
  updatePurchaseOrder: PREPARE,
  deletePurchaseOrder: PREPARE,
  closePurchaseOrder: PREPARE,
  cancelPurchaseOrder: PREPARE,
  listDeliveryNotes: ORG,
  getDeliveryNote: ORG,
  createDeliveryNote: PREPARE,
  replaceDeliveryNote: PREPARE,
  deleteDeliveryNote: PREPARE,
  listMatchGroups: ORG,
  getMatchGroup: ORG,
  createMatchGroup: PREPARE,
  // A subscriber that booked the bill says so: administrators and keys, as for the books' exports.
  syncMatchGroup: ORG_ADMIN,
  addMatchAllocation: PREPARE,
  removeMatchAllocation: PREPARE,
  addMatchResolution: APPROVE,
  removeMatchResolution: APPROVE,

  // Paying suppliers.
  listPaymentRuns: ORG,
  getPaymentRun: ORG,
  createPaymentRuns: APPROVE,
  getPaymentRunFile: APPROVE,
  confirmPaymentRunBill: ORG_ADMIN,
  returnPaymentRunBill: ORG_ADMIN,
  approvePaymentRun: CONFIRM,
  rejectPaymentRun: APPROVE,
  getPaymentRunSettings: ORG_ADMIN,
  putPaymentRunSettings: ORG_ADMIN,
  importBankStatement: ORG_ADMIN,
  listBankStatements: ORG,
  getBankStatement: ORG,
  listBankStatementEntries: ORG,
  matchBankStatementEntry: ORG_ADMIN,
  paymentAccountStatus: ORG_ADMIN,
  enablePaymentAccount: ORG_ADMIN,
  paymentAccountOnboardingLink: ORG_ADMIN,
  paymentAccountOnboardingSession: ORG_ADMIN,
  getSellerIdentity: ORG,
  putSellerIdentity: ORG_ADMIN,

  // Receivables.
  listCustomers: ORG,
  searchCustomers: ORG,
  getCustomer: ORG,
  createCustomer: PREPARE,
  updateCustomer: PREPARE,
  deleteCustomer: PREPARE,
  listProducts: ORG,
  searchProducts: ORG,
  getProduct: ORG,
  createProduct: PREPARE,
  updateProduct: PREPARE,
  deleteProduct: PREPARE,
  listInvoices: ORG,
  getInvoice: ORG,
  getInvoicePdf: ORG,
  getInvoiceEinvoice: ORG,
  getInvoiceHistory: ORG,
  createInvoice: PREPARE,
  updateInvoice: PREPARE,
  sendInvoice: PREPARE,
  voidInvoice: PREPARE,
  listInvoicePayments: ORG,
  recordInvoicePayment: PREPARE,
  createCreditNote: PREPARE,
  issueCreditNote: PREPARE,
  listCreditNotes: ORG,
  getCreditNote: ORG,
  getCreditNotePdf: ORG,
  getCreditNoteEinvoice: ORG,
  listRecurringInvoices: ORG,
  getRecurringInvoice: ORG,
  createRecurringInvoice: PREPARE,
  updateRecurringInvoice: PREPARE,
  pauseRecurringInvoice: PREPARE,
  resumeRecurringInvoice: PREPARE,
  cancelRecurringInvoice: PREPARE,
  getInvoiceReminderRules: ORG,
  // Reports read what the organisation owes and is owed: anyone acting in it (an auditor is given a Member's role).
  getAgedPayables: ORG,
  getAgedReceivables: ORG,
  getCustomerStatement: ORG,
  getCustomerStatementPdf: ORG,
  putInvoiceReminderRules: ORG_ADMIN,
  // CSV imports prepare records as their single-record routes do (an imported bank account is a proposal that a
  // second person confirms); exports read.
  importSuppliers: PREPARE,
  importCustomers: PREPARE,
  importProducts: PREPARE,
  exportSuppliers: ORG,
  exportCustomers: ORG,
  exportProducts: ORG,
  listInvoiceReminders: ORG,
  sendInvoiceReminder: PREPARE,

  // The books: anyone in the organisation reads them (the chart, the journal, exports and their files); the
  // administrators and keys set the chart, make exports and acknowledge them (which sets match groups Synced).
  getAccountingChart: ORG,
  putAccountingChart: ORG_ADMIN,
  getAccountingJournal: ORG,
  listAccountingExports: ORG,
  getAccountingExport: ORG,
  getAccountingExportFile: ORG,
  createAccountingExport: ORG_ADMIN,
  acknowledgeAccountingExport: ORG_ADMIN,

  // AI clients: the channel is open to the organisation; each tool has its own row.
  mcp: ORG,
  mcpForOrganisation: ORG,
  apAgentTurn: ORG,
  arAgentTurn: ORG,
  listAgentConversations: ORG,
  getAgentConversation: ORG,
  listAgentConversationMessages: ORG,
  renameAgentConversation: ORG,
  deleteAgentConversation: ORG,
  // A person confirms what an agent or MCP client asked for: only the same user or key, and the tool's own row
  // (checked by the tool runner) decides whether it may run.
  confirmAgentToolCall: ORG,
  confirmMcpToolCall: ORG,

  // The portal: its sign-in pages are public. A person's work (the review queue) is theirs by the same rows as the
  // API's; the People page is an organisation Admin's; the rest of the signed-in pages are a client administrator's.
  portalHome: PUBLIC,
  portalStylesheet: PUBLIC,
  portalReviewScript: PUBLIC,
  portalSignInPage: PUBLIC,
  portalSignIn: PUBLIC,
  portalSignOut: PUBLIC,
  portalRequestSignInLink: PUBLIC,
  portalSignInLinkPage: PUBLIC,
  portalUseSignInLink: PUBLIC,
  portalChooseAccount: PUBLIC,
  portalOidcStart: PUBLIC,
  portalOidcCallback: PUBLIC,
  portalPeoplePage: ORG_ADMIN,
  portalBooksPage: ORG,
  portalBooksExportFile: ORG,
  portalCreateBooksExport: ORG_ADMIN,
  portalAcknowledgeBooksExport: ORG_ADMIN,
  portalInvitePerson: ORG_ADMIN,
  portalChangeRoles: ORG_ADMIN,
  portalRemoveMember: ORG_ADMIN,
  portalApiKeysPage: CLIENT_ADMIN,
  portalNewApiKeyPage: CLIENT_ADMIN,
  portalCreateApiKey: CLIENT_ADMIN,
  portalRevokeApiKey: CLIENT_ADMIN,
  portalApprovalPoliciesPage: CLIENT_ADMIN,
  portalApprovalPolicyPage: CLIENT_ADMIN,
  portalSaveApprovalPolicy: CLIENT_ADMIN,
  portalDeleteApprovalPolicy: CLIENT_ADMIN,
  portalCompaniesPage: CLIENT_ADMIN,
  portalCompanyPage: CLIENT_ADMIN,
  portalAllowSender: CLIENT_ADMIN,
  portalAllowRejectedSender: CLIENT_ADMIN,
  portalRemoveAllowedSender: CLIENT_ADMIN,
  portalReviewQueue: ORG,
  portalReviewBill: ORG,
  portalReviewDocument: ORG,
  portalCorrectBill: PREPARE,
  portalSubmitBill: PREPARE,
  portalApproveBill: APPROVE,
  portalRejectBill: APPROVE,
  portalDismissDuplicate: PREPARE,
  portalVoidBill: PREPARE,
  portalBillList: ORG,
  portalUploadBill: PREPARE,
  portalSellerIdentityPage: CLIENT_ADMIN,
  portalSaveSellerIdentity: CLIENT_ADMIN,
  portalWebhooksPage: CLIENT_ADMIN,
  portalCreateWebhookSubscription: CLIENT_ADMIN,
  portalWebhookSecretPage: CLIENT_ADMIN,
  portalWebhookSubscriptionPage: CLIENT_ADMIN,
  portalUpdateWebhookEventTypes: CLIENT_ADMIN,
  portalRotateWebhookSecret: CLIENT_ADMIN,
  portalEnableWebhookSubscription: CLIENT_ADMIN,
  portalDisableWebhookSubscription: CLIENT_ADMIN,
  portalDeleteWebhookSubscription: CLIENT_ADMIN,
  portalSendWebhookTest: CLIENT_ADMIN,
  portalRecoverWebhookDeliveries: CLIENT_ADMIN,
  portalReplayWebhookDelivery: CLIENT_ADMIN,
  // Reports, as over the API: anyone acting in the organisation (the pages show a person only their own organisations).
  portalAgedPayablesPage: ORG,
  portalAgedReceivablesPage: ORG,
  portalCustomerStatementPage: ORG,
  portalCustomerStatementPdf: ORG,
  // Import and export, as over the API: the page and the exports for anyone acting in the organisation, imports for
  // those who prepare records (the API's own row for the kind is checked again in the organisation chosen).
  portalImportExportPage: ORG,
  portalImportCsv: PREPARE,
  portalExportCsv: ORG,
  portalAuditLogPage: CLIENT_ADMIN,
  portalExportAuditLog: CLIENT_ADMIN,
} as const satisfies Record<string, readonly Role[]>;

/** Each tool of MCP and the agents may be used by exactly those who may do the operation it stands for. */
const tools = {
  "tool:list_bills": operations.listBills,
  "tool:get_bill": operations.getBill,
  "tool:explain_bill_policy": operations.getBill,
  "tool:due_this_week": operations.listBills,
  "tool:list_suppliers": operations.listSuppliers,
  "tool:list_approval_policies": operations.listApprovalPolicies,
  "tool:list_match_groups": operations.listMatchGroups,
  "tool:correct_bill": operations.updateBill,
  "tool:submit_bill": operations.submitBill,
  "tool:approve_bill": operations.approveBill,
  "tool:reject_bill": operations.rejectBill,
  "tool:schedule_payment": operations.scheduleBillPayment,
  "tool:list_invoices": operations.listInvoices,
  "tool:get_invoice": operations.getInvoice,
  "tool:list_customers": operations.listCustomers,
  "tool:list_products": operations.listProducts,
  "tool:create_customer": operations.createCustomer,
  "tool:create_draft_invoice": operations.createInvoice,
  "tool:send_invoice": operations.sendInvoice,
  "tool:record_payment": operations.recordInvoicePayment,
} as const satisfies Record<`tool:${string}`, readonly Role[]>;

/** The one table: every operation and tool to the roles that may do it. */
export type PermissionTable = Readonly<Record<string, readonly Role[]>>;
export const PERMISSIONS: PermissionTable = { ...operations, ...tools };

/** The table's key of a tool. */
export const toolOperation = (name: string): string => `tool:${name}`;

const ORGANISATION_ROLE: Readonly<Record<string, Role>> = { Admin: "OrgAdmin", Approver: "Approver", Member: "Member" };

/**
 * The roles a resolved request holds: a key's kind, or a user's client and organisation roles (those of the
 * request's organisation; on client-wide operations, those held in any organisation of the client).
 */
export const rolesOf = (auth: RequestAuth): readonly Role[] => {
  const principal = auth.principal;
  if (principal.kind === "api_key") return auth.operator ? ["Operator", "ApiKey"] : ["ApiKey"];
  const roles = new Set<Role>();
  if (principal.claims.clientRoles.length > 0) roles.add("ClientAdmin");
  const held = auth.organisation !== undefined ? auth.roles : principal.claims.memberships.flatMap((m) => [...m.roles]);
  for (const role of held) {
    const mapped = ORGANISATION_ROLE[role];
    if (mapped !== undefined) roles.add(mapped);
  }
  return [...roles];
};

/** True when the table lets one of `roles` do the operation (an operation without a row lets no one). */
export const permits = (table: PermissionTable, operation: string, roles: readonly Role[]): boolean => {
  const allowed = Object.hasOwn(table, operation) ? table[operation] : undefined;
  return allowed !== undefined && (allowed.includes("Public") || roles.some((r) => allowed.includes(r)));
};

/** The refusal of a caller the table does not let do the operation: it names who may. */
export const permissionRefusal = (table: PermissionTable, operation: string): DomainError => {
  const allowed = Object.hasOwn(table, operation) ? table[operation] : undefined;
  if (allowed === undefined)
    return domainError(
      "Forbidden",
      "Permission.NotListed",
      `The operation ${operation} is not in the permissions table, so no one may do it.`,
    );
  return domainError(
    "Forbidden",
    "Permission.Denied",
    `Your role does not allow ${operation}: it takes ${allowed.map((r) => ROLE_NAMES[r]).join(", ")}.`,
  );
};

/** The request's refusal, or undefined when the table lets it through. */
export const authorise = (table: PermissionTable, operation: string, auth: RequestAuth): DomainError | undefined =>
  permits(table, operation, rolesOf(auth)) ? undefined : permissionRefusal(table, operation);
