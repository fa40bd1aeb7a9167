import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CamtAnswer, CamtRequest } from "./camt-thread.js";
import type { CamtReading } from "./camt-xml.js";

/** What reading a file off the event loop answers: the reading, or "too-slow" (over its time or memory). */
export type ThreadReading = CamtReading | "too-slow";

export interface CamtReaderOptions {
  /** The most time one file may take; the thread is ended past it. Default 60 s. */
  readonly timeoutMs?: number;
  /** The thread's V8 heap limit in MiB. Default 512. */
  readonly memoryMb?: number;
}

// Source runs (tests, `npm run apar`) load the .ts thread through tsx (the parent's flags); a build the .js.
const entry = fileURLToPath(new URL(`./camt-thread.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url));

/**
 * Reads camt files in a worker thread, one at a time (others wait their turn), so parsing a large statement never
 * holds the event loop that serves HTTP. The thread starts at the first file, does not keep the process alive,
 * and is ended (and started again at the next file) when a file passes its time or heap limit.
 */
export const createCamtReader = (options: CamtReaderOptions = {}) => {
  const { timeoutMs = 60_000, memoryMb = 512 } = options;
  let thread: Worker | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  let nextId = 1;

  const start = (): Worker => {
    const worker = new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
    worker.unref();
    // Errors between files (none is waiting) end the thread; the next file starts another.
    worker.on("error", () => undefined);
    worker.once("exit", () => {
      if (thread === worker) thread = null;
    });
    return worker;
  };

  const readOne = (bytes: Uint8Array, maxEntries: number): Promise<ThreadReading> => {
    const worker = thread ?? start();
    thread = worker;
    const id = nextId++;
    return new Promise<ThreadReading>((resolve) => {
      const done = (reading: ThreadReading) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        resolve(reading);
      };
      const onMessage = (answer: CamtAnswer) => {
        if (answer.id === id) done(answer.reading);
      };
      // A thread past its heap limit ends with an error; one that never answers is ended at the timeout.
      const onError = () => done("too-slow");
      const onExit = () => done("too-slow");
      const timer = setTimeout(() => {
        done("too-slow");
        void worker.terminate();
      }, timeoutMs);
      worker.on("message", onMessage);
      worker.once("error", onError);
      worker.once("exit", onExit);
      worker.postMessage({ id, bytes, maxEntries } satisfies CamtRequest);
    });
  };

  return {
    /** The file's statements, or why not; `maxEntries` is checked before the file is parsed. */
    read(bytes: Uint8Array, maxEntries: number): Promise<ThreadReading> {
      const reading = turn.then(() => readOne(bytes, maxEntries));
      turn = reading.catch(() => undefined);
      return reading;
    },
    /** Ends the thread (a later read starts another). */
    async close(): Promise<void> {
      const worker = thread;
      thread = null;
      if (worker !== null) await worker.terminate();
    },
  };
};

/** The process's statement reader (one thread, started at the first import). */
export const camtReader = createCamtReader();
