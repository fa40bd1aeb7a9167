import {
  fileDocumentFiles,
  removeAbandonedTemp,
  type StreamingDocumentFiles,
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
import type { Container } from "inversify";
import type { Logger } from "pino";
import type { Config } from "./config.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of the bills part (kept here so that the shared token list grows by nothing). */
export const BILL_TOKENS = {
  DocumentFiles: Symbol.for("apar.DocumentFiles"),
  DocumentReader: Symbol.for("apar.DocumentReader"),
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

/** Binds the document files and the reader (an embedder's or test's reader wins); OCR workers start on first use. */
export const bindBills = (c: Container, config: Config, reader: DocumentReader | undefined): void => {
  c.bind<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles).toDynamicValue(() =>
    fileDocumentFiles(config.documentsDir),
  );
  c.bind<DocumentReader>(BILL_TOKENS.DocumentReader).toDynamicValue(() => reader ?? configuredReader(config));
};

/** Scheduler duties of the bills part: the sweep of bills stuck in Extracting (every 10 minutes) and of unreferenced document files (hourly). */
export const billDuties = (db: Database, clock: Clock): SchedulerDuty[] => [
  windowedJobDuty({ jobs: db.stores.jobs, clock }, SWEEP_STUCK_READS_JOB, 10 * 60_000),
  windowedJobDuty({ jobs: db.stores.jobs, clock }, SWEEP_DOCUMENTS_JOB, 60 * 60_000),
];

/** Removes the document store's abandoned temporary files (a process killed during uploads); run at start. */
export const removeDocumentTemp = async (c: Container): Promise<number> =>
  removeAbandonedTemp(c.get<Config>(TOKENS.Config).documentsDir, c.get<Clock>(TOKENS.Clock).now());

/** The dependencies of the bills part's jobs: `read-bill` and the two sweeps. */
export const billJobDeps = async (
  c: Container,
): Promise<Pick<JobsDeps, typeof READ_BILL_JOB | typeof SWEEP_STUCK_READS_JOB | typeof SWEEP_DOCUMENTS_JOB>> => {
  const config = c.get<Config>(TOKENS.Config);
  const logger = c.get<Logger>(TOKENS.Logger).child({ part: "read-bill" });
  const llmClients = new Set(config.llmClients);
  const db = await c.getAsync<Database>(TOKENS.Database);
  const clock = c.get<Clock>(TOKENS.Clock);
  const deps = {
    db,
    clock,
    ids: c.get<Ids>(TOKENS.Ids),
    files: c.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
  };
  return {
    [READ_BILL_JOB]: {
      ...deps,
      reader: c.get<DocumentReader>(BILL_TOKENS.DocumentReader),
      readMethodFor: (clientId) => (llmClients.has(clientId) ? "llm" : "ocr"),
      readTimeoutMs: config.readTimeoutMs,
      warn: (detail, message) => logger.warn(detail, message),
    },
    [SWEEP_STUCK_READS_JOB]: deps,
    [SWEEP_DOCUMENTS_JOB]: {
      db,
      clock,
      sweep: async (now, referenced) => ({ ...(await sweepDocuments({ dir: config.documentsDir, now, referenced })) }),
    },
  };
};

/** The bill and supplier routes; their database is read when a request runs. */
export const billRouteList = (c: Container): RouteDef[] => {
  const config = c.get<Config>(TOKENS.Config);
  const deps = {
    get database() {
      return c.get<Database>(TOKENS.Database);
    },
    get ids() {
      return c.get<Ids>(TOKENS.Ids);
    },
    clock: c.get<Clock>(TOKENS.Clock),
  };
  return [
    // No spread of `deps`: it would run the getters now, before the database is open (`apar openapi` has none).
    ...billRoutes({
      clock: deps.clock,
      get database() {
        return c.get<Database>(TOKENS.Database);
      },
      get ids() {
        return c.get<Ids>(TOKENS.Ids);
      },
      files: c.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
      maxUploadBytes: config.maxUploadBytes,
    }),
    ...supplierRoutes(deps),
    ...apSettingsRoutes({
      get database() {
        return c.get<Database>(TOKENS.Database);
      },
      readingMethodFor: (clientId) => (config.llmClients.includes(clientId) ? "llm" : "ocr"),
      ocrLanguages: config.ocrLanguages,
      llmSecondLookBelow: config.llmBaseUrl === undefined ? null : (config.llmBelow ?? null),
    }),
  ];
};
