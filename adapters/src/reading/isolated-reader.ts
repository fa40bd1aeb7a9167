import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { DocumentReader, DocumentToRead, ReadOptions } from "@apar/core";
import type { Extraction, ReadFailure } from "@apar/core/extraction/index";
import * as E from "fp-ts/lib/Either.js";
import type { DocumentReaderOptions } from "./document-reader.js";
import type { ReadProcessMessage } from "./read-process.js";
import { slotQueue } from "./slot-queue.js";

export interface IsolatedReaderOptions extends DocumentReaderOptions {
  /** Reading processes (each reads one document at a time); default 2. */
  readonly processes?: number;
  /** V8 heap limit of each reading process, in MiB (`--max-old-space-size`); default 512. */
  readonly memoryMb?: number;
}

type Result = E.Either<ReadFailure, Extraction>;

interface Slot {
  child: ChildProcess | null;
  busy: boolean;
}

// Source runs (tests, `npm run apar`) load the .ts entry through tsx; a build loads the compiled .js.
const entry = fileURLToPath(
  new URL(`./read-process.${import.meta.url.endsWith(".ts") ? "ts" : "js"}`, import.meta.url),
);
// The parent's flags (tsx's loader in a source run), without its own heap size or inspector.
const childFlags = (memoryMb: number): string[] => [
  ...process.execArgv.filter((a) => !/^--(max-old-space-size|inspect)/.test(a)),
  `--max-old-space-size=${memoryMb}`,
];

/**
 * A DocumentReader that reads in child processes: the event loop serving HTTP never parses a document. Each
 * process has a heap limit and each reading a time budget (the process is killed when it is spent); a process
 * that dies, by a hostile document or otherwise, fails that one reading with a reason and is replaced.
 */
export const createIsolatedReader = (options: IsolatedReaderOptions): DocumentReader & { close(): Promise<void> } => {
  const { processes = 2, memoryMb = 512, ...readerOptions } = options;
  const timeoutMs = readerOptions.timeoutMs ?? 120_000;
  // The reader inside stops its own OCR at the budget; the kill is for a document that never yields.
  const killAfterMs = timeoutMs + 5_000;
  const slots: Slot[] = Array.from({ length: Math.max(1, processes) }, () => ({ child: null, busy: false }));
  const queue = slotQueue(slots);
  let nextId = 1;
  let closed = false;

  const start = (slot: Slot): ChildProcess => {
    const child = fork(entry, [], { execArgv: childFlags(memoryMb), serialization: "advanced", stdio: "inherit" });
    // A process that dies between readings is replaced at the next one; its errors show as its exit.
    child.once("exit", () => {
      if (slot.child === child) slot.child = null;
    });
    child.on("error", () => undefined);
    child.send({ kind: "init", options: readerOptions } satisfies ReadProcessMessage);
    return child;
  };
  const retire = (slot: Slot): void => {
    const child = slot.child;
    slot.child = null;
    if (child !== null && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const release = (slot: Slot): void => {
    // An idle reading process does not keep the service alive.
    slot.child?.unref();
    slot.child?.channel?.unref();
    queue.release(slot);
  };

  const readIn = (slot: Slot, document: DocumentToRead, read: ReadOptions): Promise<Result> =>
    new Promise<Result>((resolve) => {
      slot.child ??= start(slot);
      const child = slot.child;
      child.ref();
      child.channel?.ref();
      const id = nextId++;
      let killedFor: ReadFailure | undefined;
      const stop = (failure: ReadFailure): void => {
        killedFor = failure;
        retire(slot);
      };
      const timer = setTimeout(
        () => stop({ reason: "timeout", detail: `reading took longer than ${timeoutMs} ms` }),
        killAfterMs,
      );
      const onAbort = (): void => stop({ reason: "timeout", detail: "the reading was stopped" });
      read.signal?.addEventListener("abort", onAbort, { once: true });
      const done = (result: Result): void => {
        clearTimeout(timer);
        read.signal?.removeEventListener("abort", onAbort);
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(result);
      };
      const onMessage = (m: { id: number; result: Result }): void => {
        if (m.id === id) done(m.result);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        // Closed while reading (the service stops): no answer, so the bill is not failed for a shutdown; its
        // job has been handed back to the queue and reads it again.
        if (closed && killedFor === undefined) return;
        // V8 aborts (SIGABRT, or exit 134) when the heap limit is reached.
        const outOfMemory = signal === "SIGABRT" || code === 134;
        const failure: ReadFailure =
          killedFor ??
          (outOfMemory
            ? { reason: "too-large", detail: `reading needed more than the reader's ${memoryMb} MiB of memory` }
            : { reason: "unreadable", detail: `the reading process ended (${signal ?? `exit ${code}`})` });
        done(E.left(failure));
      };
      child.on("message", onMessage);
      child.once("exit", onExit);
      if (read.signal?.aborted) onAbort();
      else
        child.send({ kind: "read", id, document, method: read.method } satisfies ReadProcessMessage, (error) => {
          if (error)
            stop({ reason: "unreadable", detail: `the reading process could not be reached: ${error.message}` });
        });
    });

  return {
    async read(document, read) {
      if (closed) return E.left({ reason: "unreadable", detail: "the reader is closed" });
      const slot = await queue.acquire();
      try {
        const result = await readIn(slot, document, read);
        // A document over a cap may have left the process large: start the next reading in a fresh one.
        if (E.isLeft(result) && result.left.reason === "too-large") retire(slot);
        return result;
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const child = slot.child;
          slot.child = null;
          if (child === null || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          child.disconnect();
          const forced = setTimeout(() => child.kill("SIGKILL"), 2_000);
          await exited;
          clearTimeout(forced);
        }),
      );
    },
  };
};
