// The apar server process, started by main.ts once the Node version is right: decode configuration (exit 2 on
// a bad variable), start the roles, stop on SIGTERM.
import cluster from "node:cluster";
import * as E from "fp-ts/lib/Either.js";
import { pino } from "pino";
import { startApp } from "./app.js";
import { processCount, runPrimary, STARTED_MESSAGE } from "./cluster.js";
import { loadConfig } from "./config.js";
import { firstStartBanner } from "./first-start.js";
import { loadJwtKeys } from "./jwt-keys.js";
import { flushOnTick, tickEvery } from "./log-destination.js";
import { loadSecretKey } from "./secret-key.js";

/** Hard limit for a graceful stop: orchestrators send SIGKILL after 10 s. */
const STOP_LIMIT_MS = 9_500;

const main = async (): Promise<void> => {
  const decoded = loadConfig(process.env);
  if (E.isLeft(decoded)) {
    for (const line of decoded.left) process.stderr.write(`apar: bad configuration: ${line}\n`);
    process.exit(2);
  }
  const config = decoded.right;
  // Log lines are buffered and written 4 KiB at a time (or every half second, whichever comes first), not one
  // write per line: a synchronous write per request was a tenth of a hot GET's CPU. What is still buffered is
  // written out synchronously on exit (pino's destination does that); a SIGKILL can lose the last half second.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const flusher = flushOnTick(destination);
  tickEvery(flusher, 500);
  // In a cluster each line names its process.
  const base = cluster.isWorker ? { service: "apar", pid: process.pid } : { service: "apar" };
  const logger = pino({ level: config.logLevel, base }, flusher.stream);
  const processes = processCount(config);
  if (cluster.isPrimary && processes > 1) {
    // Generated keys are made once here, before the processes that read them start.
    await loadSecretKey(config.secretKey, config.dataDir);
    await loadJwtKeys(config.jwtKeys, config.dataDir);
    if (config.rateLimits && config.redisUrl === undefined)
      logger.warn({ processes }, "each process counts its own rate limits (set REDIS_URL to share one budget)");
    runPrimary(processes, logger, STOP_LIMIT_MS);
    return;
  }
  // The signal handlers are in place before anything is started, so that "apar started" never reaches a caller
  // whose SIGTERM would then meet node's default action (killed, not stopped: seen once in a test on a busy
  // machine). A signal during start-up stops the app once it has started.
  const started = startApp(
    config,
    logger,
    {},
    (created) => process.stdout.write(firstStartBanner(created, config.headerPrefix)),
    cluster.isWorker ? "process started" : "apar started",
  );
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, "stopping");
    setTimeout(() => {
      logger.error("graceful stop took too long; exiting");
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    // A start that fails is reported (and ends the process) through main's own catch.
    started.then(
      (app) =>
        app.stop().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: String(error) }, "error while stopping");
            process.exit(1);
          },
        ),
      () => undefined,
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  const app = await started;
  if (cluster.isWorker) process.send?.({ ...STARTED_MESSAGE, port: app.port });
  // The process lives until a signal stops it: a worker's timers do not hold it (a worker-only process without
  // APAR_WORKER_PORT listens on nothing and ended once started).
  setInterval(() => undefined, 2 ** 30);
  // "apar started" is what callers wait for: out at once, not with the next 4 KiB.
  destination.flush();
};

main().catch((error: unknown) => {
  // A database error's stack ends in the driver: the statement it answered says where start-up was.
  const sql = (error as { sql?: unknown } | null)?.sql;
  const statement = typeof sql === "string" ? `\n  (the statement: ${sql.slice(0, 300)})` : "";
  process.stderr.write(
    `apar: could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${statement}\n`,
  );
  process.exit(1);
});
