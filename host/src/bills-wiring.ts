import {
  fileDocumentFiles,
  folderSweepableStore,
  type S3Location,
  type StreamingDocumentFiles,
  type SweepableStore,
  s3Client,
  s3DocumentFiles,
  s3SweepableStore,
  sweepDocuments,
} from "@apar/adapters/documents/index";
import type { RouteDef } from "@apar/adapters/http/index";
import { apSettingsRoutes } from "@apar/adapters/http/routes/ap-settings-routes";
import { billRoutes } from "@apar/adapters/http/routes/bill-routes";
import { supplierRoutes } from "@apar/adapters/http/routes/supplier-routes";
import { createIsolatedReader } from "@apar/adapters/reading/index";
import { type SchedulerDuty, windowedJobDuty } from "@apar/adapters/scheduler/index";
import { type JobsDeps, READ_BILL_JOB, SWEEP_DOCUMENTS_JOB, SWEEP_STUCK_READS_JOB } from "@apar/core/app";
import type { Clock, Database, DocumentReader, Ids } from "@apar/core/ports";
import { type Container, ContainerModule } from "inversify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of the bills part (kept here so that the shared token list grows by nothing). */
export const BILL_TOKENS = {
  DocumentFiles: Symbol.for("apar.DocumentFiles"),
  DocumentStore: Symbol.for("apar.DocumentStore"),
  DocumentReader: Symbol.for("apar.DocumentReader"),
  JobDeps: Symbol.for("apar.BillJobDeps"),
} as const;

/**
 * The reader of the configuration: e-invoice XML, PDF text layer, OCR (tesseract.js), LLM vision when set, run
 * in child processes (never on the event loop that serves HTTP). One OCR worker per process: the processes are
 * the parallelism.
 */
const configuredReader = (config: Config): DocumentReader =>
  createIsolatedReader({
    processes: config.readProcesses,
    memoryMb: config.readMemoryMb,
    maxGrowthMb: config.readMaxGrowthMb,
    ocrWorkers: 1,
    languages: config.ocrLanguages,
    timeoutMs: config.readTimeoutMs,
    ...(config.llmBaseUrl !== undefined && config.llmModel !== undefined
      ? {
          llm: {
            baseUrl: config.llmBaseUrl,
            model: config.llmModel,
            ...(config.llmApiKey === undefined ? {} : { apiKey: config.llmApiKey }),
          },
        }
      : {}),
    ...(config.llmBelow === undefined ? {} : { llmBelow: config.llmBelow }),
  });

/** Scheduler duties of the bills part: the sweep of bills stuck in Extracting (every 10 minutes) and of unreferenced document files (hourly). */
export const billDuties = (db: Database, clock: Clock): SchedulerDuty[] => [
  windowedJobDuty({ jobs: db.stores.jobs, clock }, SWEEP_STUCK_READS_JOB, 10 * 60_000),
  windowedJobDuty({ jobs: db.stores.jobs, clock }, SWEEP_DOCUMENTS_JOB, 60 * 60_000),
];

/** Removes the document store's abandoned temporary files (a process killed during uploads); run at start. */
export const removeDocumentTemp = async (c: Container): Promise<number> =>
  c.get<SweepableStore>(BILL_TOKENS.DocumentStore).removeAbandonedTemp(c.get<Clock>(TOKENS.Clock).now(), 15 * 60_000);

/** The documents' store: an S3 bucket when `APAR_DOCUMENTS_S3_BUCKET` is set, else the folder. */
const documentStore = (config: Config): { files: StreamingDocumentFiles; sweepable: SweepableStore } => {
  if (config.documentsS3Bucket === undefined)
    return { files: fileDocumentFiles(config.documentsDir), sweepable: folderSweepableStore(config.documentsDir) };
  const location: S3Location = {
    bucket: config.documentsS3Bucket,
    ...(config.documentsS3Prefix === undefined ? {} : { prefix: config.documentsS3Prefix }),
  };
  const client = s3Client({
    ...location,
    region: config.documentsS3Region,
    ...(config.documentsS3Endpoint === undefined ? {} : { endpoint: config.documentsS3Endpoint }),
  });
  return { files: s3DocumentFiles(client, location), sweepable: s3SweepableStore(client, location) };
};

/** The dependencies of the bills part's jobs: `read-bill` and the two sweeps. */
export type BillJobDeps = Pick<
  JobsDeps,
  typeof READ_BILL_JOB | typeof SWEEP_STUCK_READS_JOB | typeof SWEEP_DOCUMENTS_JOB
>;

/**
 * The bills part: the document files, the reader (an embedder's or test's reader wins; OCR workers start on
 * first use), the dependencies of its jobs, and the bill, supplier and AP settings routes.
 */
export const billsModule = (config: Config, services: Services, reader: DocumentReader | undefined): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const store = documentStore(config);
    bind<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles).toConstantValue(store.files);
    bind<SweepableStore>(BILL_TOKENS.DocumentStore).toConstantValue(store.sweepable);
    bind<DocumentReader>(BILL_TOKENS.DocumentReader).toDynamicValue(() => reader ?? configuredReader(config));
    bind<BillJobDeps>(BILL_TOKENS.JobDeps).toDynamicValue(async (ctx) => {
      const logger = ctx.get<Logger>(TOKENS.Logger).child({ part: "read-bill" });
      const llmClients = new Set(config.llmClients);
      const db = await ctx.getAsync<Database>(TOKENS.Database);
      const clock = ctx.get<Clock>(TOKENS.Clock);
      const deps = {
        db,
        clock,
        ids: ctx.get<Ids>(TOKENS.Ids),
        files: ctx.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
      };
      return {
        [READ_BILL_JOB]: {
          ...deps,
          reader: ctx.get<DocumentReader>(BILL_TOKENS.DocumentReader),
          readMethodFor: (clientId) => (llmClients.has(clientId) ? "llm" : "ocr"),
          readTimeoutMs: config.readTimeoutMs,
          warn: (detail, message) => logger.warn(detail, message),
        },
        [SWEEP_STUCK_READS_JOB]: deps,
        [SWEEP_DOCUMENTS_JOB]: {
          db,
          clock,
          sweep: async (now, referenced) => ({
            ...(await sweepDocuments({ store: store.sweepable, now, referenced })),
          }),
        },
      };
    });
    bind<readonly RouteDef[]>(TOKENS.RouteList).toConstantValue([
      ...billRoutes(services),
      ...supplierRoutes(services),
      ...apSettingsRoutes(services),
    ]);
  });
