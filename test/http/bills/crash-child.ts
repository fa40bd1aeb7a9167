// A worker process whose reader announces itself and never finishes: the parent kills it with SIGKILL mid-read.
import * as E from "fp-ts/lib/Either.js";
import { pino } from "pino";
import { startApp } from "../../../host/src/app.js";
import { loadConfig } from "../../../host/src/config.js";

const config = loadConfig(process.env);
if (E.isLeft(config)) throw new Error(config.left.join("; "));
await startApp(config.right, pino({ level: "silent" }), {
  documentReader: {
    read: () => {
      process.stdout.write("READING\n");
      return new Promise(() => {});
    },
  },
});
