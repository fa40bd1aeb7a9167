import type { StreamingDocumentFiles, SweepableStore } from "@apar/adapters/documents/index";
import type { HttpMetrics, KeyCacheBus, RouteDef } from "@apar/adapters/http/index";
import type { RouteServices } from "@apar/adapters/http/routes/index";
import type { Worker } from "@apar/adapters/jobs/worker";
import type { InboundPipeline } from "@apar/adapters/mail/inbound/index";
import type { Scheduler } from "@apar/adapters/scheduler/index";
import type { WebhookRunner } from "@apar/adapters/webhooks/delivery-runner";
import type { GuardedClient } from "@apar/adapters/webhooks/guarded-client";
import type { Notifier } from "@apar/adapters/webhooks/notifier";
import type {
  EMAIL_INVOICE_JOB,
  GENERATE_OCCURRENCE_JOB,
  JobsDeps,
  PLAN_REMINDERS_JOB,
  READ_BILL_JOB,
  READ_COMPANY_BILL_JOB,
  RunnableJob,
  SEND_APPROVAL_LINKS_JOB,
  SEND_REMINDER_JOB,
  SEND_SIGN_IN_LINK_JOB,
  SWEEP_DOCUMENTS_JOB,
  SWEEP_STUCK_READS_JOB,
  WebhookDeps,
} from "@apar/core/app";
import type {
  BearerTokens,
  Clock,
  Database,
  DocumentReader,
  EinvoiceWriter,
  Ids,
  InvoiceRenderer,
  Mailer,
} from "@apar/core/ports";
import type { AbstractNewable } from "inversify";
import type { Logger } from "pino";
import type { Config } from "./config.js";

/**
 * A service identifier that carries the type it resolves to. At run time it is a registered symbol; to the
 * compiler it is an abstract class of `T`, so inversify's `bind`, `get`, `getAsync` and `getAll` infer `T` from it
 * and a binding or a lookup with an unrelated type does not compile.
 */
export type Token<T> = AbstractNewable<T>;

const token = <T>(name: string): Token<T> => Symbol.for(`apar.${name}`) as unknown as Token<T>;

/** What one part's jobs are given, by job name. */
type JobDepsOf<K extends keyof JobsDeps> = Pick<JobsDeps, K>;

/** Every service identifier of the one inversify container (the only composition root), with what it resolves to. */
export const TOKENS = {
  Config: token<Config>("Config"),
  Logger: token<Logger>("Logger"),
  Clock: token<Clock>("Clock"),
  Ids: token<Ids>("Ids"),
  Database: token<Database>("Database"),
  KeyCacheBus: token<KeyCacheBus>("KeyCacheBus"),
  Metrics: token<HttpMetrics>("Metrics"),
  Mailer: token<Mailer>("Mailer"),
  BearerTokens: token<BearerTokens>("BearerTokens"),
  Worker: token<Worker>("Worker"),
  RunnableJobs: token<RunnableJob[]>("RunnableJobs"),
  /** Every route, in one list (what the api role serves and `apar openapi` documents). */
  Routes: token<readonly RouteDef[]>("Routes"),
  /** One part's routes; bound once by each container module that has routes (multi-injection). */
  RouteList: token<readonly RouteDef[]>("RouteList"),
  /** What routes use when a request runs (`RouteServices`); resolved by the api role before it listens. */
  RouteServices: token<RouteServices>("RouteServices"),
  Scheduler: token<Scheduler>("Scheduler"),
  /** Wakes the webhook runner when events are written. */
  Notifier: token<Notifier>("Notifier"),
  /** Wakes the job worker when jobs are written. */
  JobsNotifier: token<Notifier>("JobsNotifier"),
  WebhookClient: token<GuardedClient>("WebhookClient"),
  WebhookDeps: token<WebhookDeps>("WebhookDeps"),
  WebhookRunner: token<WebhookRunner>("WebhookRunner"),
  DocumentFiles: token<StreamingDocumentFiles>("DocumentFiles"),
  /** Where the document files are kept, as the sweep and the start's clean-up see it (the folder or a bucket). */
  DocumentStore: token<SweepableStore>("DocumentStore"),
  /** The reader; the host closes it on stop when it can (its OCR workers). */
  DocumentReader: token<DocumentReader & { readonly close?: () => Promise<void> }>("DocumentReader"),
  InvoiceRenderer: token<InvoiceRenderer>("InvoiceRenderer"),
  EinvoiceWriter: token<EinvoiceWriter>("EinvoiceWriter"),
  InboundPipeline: token<InboundPipeline>("InboundPipeline"),
  /** The dependencies of each part's jobs (the worker's `JobsDeps` is their union). */
  BillJobDeps:
    token<JobDepsOf<typeof READ_BILL_JOB | typeof SWEEP_STUCK_READS_JOB | typeof SWEEP_DOCUMENTS_JOB>>("BillJobDeps"),
  RecurringJobDeps:
    token<JobDepsOf<typeof GENERATE_OCCURRENCE_JOB | typeof PLAN_REMINDERS_JOB | typeof SEND_REMINDER_JOB>>(
      "RecurringJobDeps",
    ),
  ApprovalJobDeps: token<JobDepsOf<typeof SEND_APPROVAL_LINKS_JOB>>("ApprovalJobDeps"),
  InboundJobDeps: token<JobDepsOf<typeof READ_COMPANY_BILL_JOB>>("InboundJobDeps"),
  InvoiceJobDeps: token<JobDepsOf<typeof EMAIL_INVOICE_JOB>>("InvoiceJobDeps"),
  SignInJobDeps: token<JobDepsOf<typeof SEND_SIGN_IN_LINK_JOB>>("SignInJobDeps"),
} as const;
