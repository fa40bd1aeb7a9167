// Every migration, in order: add a file NNNN-name.ts and list it here.
import { tenancy } from "./0001-tenancy.js";
import { outbox } from "./0002-outbox.js";
import { jobs } from "./0003-jobs.js";
import { inboxAndAuthCodes } from "./0004-inbox-and-auth-codes.js";
import { clientSettings } from "./0005-client-settings.js";
import { webhooks } from "./0006-webhooks.js";
import { bills } from "./0007-bills.js";
import { inboxAllowlists } from "./0008-inbox-allowlists.js";
import { receivables } from "./0009-receivables.js";
import { recurring } from "./0010-recurring.js";
import { approvals } from "./0011-approvals.js";
import { approvalLinks } from "./0012-approval-links.js";
import { reminders } from "./0013-reminders.js";
import { matching } from "./0014-matching.js";
import { supplierCredits } from "./0015-supplier-credits.js";
import { sellerIdentities } from "./0016-seller-identities.js";
import { paymentRuns } from "./0017-payment-runs.js";
import { bankStatements } from "./0018-bank-statements.js";
import { billBankFlag } from "./0019-bill-bank-flag.js";
import { paymentAccounts } from "./0020-payment-accounts.js";
import { listIndexes } from "./0021-list-indexes.js";
import { agentConversations } from "./0022-agent-conversations.js";
import { supplierBankConfirmation } from "./0023-supplier-bank-confirmation.js";
import { paymentRunApprovals } from "./0024-payment-run-approvals.js";
import { toolConfirmations } from "./0025-tool-confirmations.js";
import { auditLog } from "./0026-audit-log.js";
import { signIn } from "./0027-sign-in.js";
import { reportIndexes } from "./0028-report-indexes.js";
import { books } from "./0029-books.js";
import { supplierEvidence } from "./0032-supplier-evidence.js";
import { billSupplierNames } from "./0034-bill-supplier-names.js";
import type { Migration } from "./migration.js";

/** Every migration in the order it applies. Append only: never edit or reorder an applied step. */
export const MIGRATIONS: readonly Migration[] = [
  tenancy,
  outbox,
  jobs,
  inboxAndAuthCodes,
  clientSettings,
  webhooks,
  bills,
  inboxAllowlists,
  receivables,
  recurring,
  approvals,
  approvalLinks,
  reminders,
  matching,
  supplierCredits,
  sellerIdentities,
  paymentRuns,
  bankStatements,
  billBankFlag,
  paymentAccounts,
  listIndexes,
  agentConversations,
  supplierBankConfirmation,
  paymentRunApprovals,
  toolConfirmations,
  signIn,
  reportIndexes,
  auditLog,
  books,
  supplierEvidence,
  billSupplierNames,
];
