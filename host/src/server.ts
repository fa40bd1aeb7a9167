// The apar server process, started by main.ts once the Node version is right: decode configuration (exit 2 on
// a bad variable), start the roles, stop on SIGTERM.
import * as E from "fp-ts/lib/Either.js";
import { pino } from "pino";
import { startApp } from "./app.js";
import { loadConfig } from "./config.js";
import { firstStartBanner } from "./first-start.js";

/** Hard limit for a graceful stop: orchestrators send SIGKILL after 10 s. */
const STOP_LIMIT_MS = 9_500;

const main = async (): Promise<void> => {
  const decoded = loadConfig(process.env);
  if (E.isLeft(decoded)) {
    for (const line of decoded.left) process.stderr.write(`apar: bad configuration: ${line}\n`);
    process.exit(2);
  }
  const config = decoded.right;
  const logger = pino({ level: config.logLevel, base: { service: "apar" } });
  const app = await startApp(config, logger, {}, (created) =>
    process.stdout.write(firstStartBanner(created, config.headerPrefix)),
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
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: String(error) }, "error while stopping");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
};

main().catch((error: unknown) => {
  process.stderr.write(
    `apar: could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
