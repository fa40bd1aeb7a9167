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
import { apSettingsRoutes } from "@apar/adapters/http/routes/ap-settings-routes";
import { billActionRoutes } from "@apar/adapters/http/routes/bill-action-routes";
import { billRoutes } from "@apar/adapters/http/routes/bill-routes";
import { supplierRoutes } from "@apar/adapters/http/routes/supplier-routes";
import { createIsolatedReader } from "@apar/adapters/reading/index";
import { type SchedulerDuty, windowedJobDuty } from "@apar/adapters/scheduler/index";
import { READ_BILL_JOB, SWEEP_DOCUMENTS_JOB, SWEEP_STUCK_READS_JOB } from "@apar/core/app";
import type { Clock, Database, DocumentReader } from "@apar/core/ports";
import { type Container, ContainerModule } from "inversify";
import { type Config, readMethodFor } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

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
    secondEye: config.ocrSecondEye,
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
  c.get(TOKENS.DocumentStore).removeAbandonedTemp(c.get(TOKENS.Clock).now(), 15 * 60_000);

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

/**
 * The bills part: the document files, the reader (an embedder's or test's reader wins; OCR workers start on
 * first use), the dependencies of its jobs, and the bill, supplier and AP settings routes.
 */
export const billsModule = (config: Config, services: Services, reader: DocumentReader | undefined): ContainerModule =>
  new ContainerModule(({ bind }) => {
    const store = documentStore(config);
    bind(TOKENS.DocumentFiles).toConstantValue(store.files);
    bind(TOKENS.DocumentStore).toConstantValue(store.sweepable);
    bind(TOKENS.DocumentReader).toDynamicValue(() => reader ?? configuredReader(config));
    bind(TOKENS.BillJobDeps).toDynamicValue(async (ctx) => {
      const logger = ctx.get(TOKENS.Logger).child({ part: "read-bill" });
      const db = await ctx.getAsync(TOKENS.Database);
      const clock = ctx.get(TOKENS.Clock);
      const deps = {
        db,
        clock,
        ids: ctx.get(TOKENS.Ids),
        files: ctx.get(TOKENS.DocumentFiles),
      };
      return {
        [READ_BILL_JOB]: {
          ...deps,
          reader: ctx.get(TOKENS.DocumentReader),
          readMethodFor: readMethodFor(config),
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
    bind(TOKENS.RouteList).toConstantValue([
      ...billRoutes(services),
      ...billActionRoutes(services),
      ...supplierRoutes(services),
      ...apSettingsRoutes(services),
    ]);
  });
