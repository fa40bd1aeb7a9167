// `JOBS`: every job type, each declared beside its use case.
import { sendApprovalLinksJob } from "../approvals/jobs.js";
import { readBillJob, sweepDocumentsJob, sweepStuckReadsJob } from "../bills/jobs.js";
import { readCompanyBillJob } from "../inbox/jobs.js";
import { emailInvoiceJob } from "../invoices/jobs.js";
import { generateOccurrenceJob } from "../recurring/jobs.js";
import { planRemindersJob, sendReminderJob } from "../reminders/jobs.js";
import { sendSignInLinkJob } from "../sign-in/jobs.js";
import type { JobDepsOf } from "./job.js";

export * from "./job.js";

/** Every job apar runs, each declared beside its use case. */
export const JOBS = [
  readBillJob,
  sweepStuckReadsJob,
  sweepDocumentsJob,
  readCompanyBillJob,
  sendApprovalLinksJob,
  emailInvoiceJob,
  generateOccurrenceJob,
  planRemindersJob,
  sendReminderJob,
  sendSignInLinkJob,
] as const;

/** The dependencies of every job, by type. */
export type JobsDeps = JobDepsOf<typeof JOBS>;
