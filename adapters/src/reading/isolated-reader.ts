import { type ChildProcess, fork } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Extraction, ReadFailure } from "@apar/core";
import type { DocumentReader, DocumentToRead, ReadOptions } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type { DocumentReaderOptions } from "./document-reader.js";
import type { ReadProcessMessage } from "./read-process.js";
import { slotQueue } from "./slot-queue.js";

export interface IsolatedReaderOptions extends DocumentReaderOptions {
  /** Reading processes (each reads one document at a time); default 2. */
  readonly processes?: number;
  /** V8 heap limit of each reading process, in MiB (`--max-old-space-size`); default 512. */
  readonly memoryMb?: number;
  /**
   * Resident memory one reading may add to its process, in MiB (default 768), watched every 50 ms where `/proc`
   * exists (Linux): what the heap limit does not count (decoded buffers, the canvas, OCR's WebAssembly).
   */
  readonly maxGrowthMb?: number;
  /** Readings a process does before it is replaced (memory a long-lived process keeps); default 100. */
  readonly recycleAfter?: number;
}

type Result = E.Either<ReadFailure, Extraction>;

interface Running {
  readonly child: ChildProcess;
  /** Resolves once the process has loaded its libraries (or has ended). */
  readonly ready: Promise<void>;
  readings: number;
}

interface Slot {
  process: Running | null;
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

/** A process's resident memory in MiB, or null where it cannot be told (no `/proc`, the process is gone). */
const residentMb = async (pid: number | undefined): Promise<number | null> => {
  if (pid === undefined) return null;
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb === undefined ? null : Number(kb) / 1024;
};

const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

/**
 * A DocumentReader that reads in child processes: the event loop serving HTTP never parses a document. Each
 * process has a heap limit, each reading a limit on the memory it adds and a time budget (the process is killed
 * when one is passed); a process that dies, by a hostile document or otherwise, fails that one reading with a
 * reason and is replaced.
 */
export const createIsolatedReader = (options: IsolatedReaderOptions): DocumentReader & { close(): Promise<void> } => {
  const { processes = 2, memoryMb = 512, maxGrowthMb = 768, recycleAfter = 100, ...readerOptions } = options;
  const timeoutMs = readerOptions.timeoutMs ?? 120_000;
  // The reader inside stops its own OCR at the budget; the kill is for a document that never yields.
  const killAfterMs = timeoutMs + 5_000;
  const slots: Slot[] = Array.from({ length: Math.max(1, processes) }, () => ({ process: null, busy: false }));
  const queue = slotQueue(slots);
  let nextId = 1;
  let closed = false;

  const start = (slot: Slot): Running => {
    const child = fork(entry, [], { execArgv: childFlags(memoryMb), serialization: "advanced", stdio: "inherit" });
    // A process that dies between readings is replaced at the next one; its errors show as its exit.
    child.once("exit", () => {
      if (slot.process?.child === child) slot.process = null;
    });
    child.on("error", () => undefined);
    const ready = new Promise<void>((resolve) => {
      child.once("message", () => resolve());
      child.once("exit", () => resolve());
    });
    child.send({ kind: "init", options: readerOptions } satisfies ReadProcessMessage);
    return { child, ready, readings: 0 };
  };
  const retire = (slot: Slot): void => {
    const child = slot.process?.child;
    slot.process = null;
    if (child !== undefined && alive(child)) child.kill("SIGKILL");
  };
  const release = (slot: Slot): void => {
    // An idle reading process does not keep the service alive.
    slot.process?.child.unref();
    slot.process?.child.channel?.unref();
    queue.release(slot);
  };

  const readIn = async (slot: Slot, document: DocumentToRead, read: ReadOptions): Promise<Result> => {
    slot.process ??= start(slot);
    const running = slot.process;
    const { child } = running;
    child.ref();
    child.channel?.ref();
    await running.ready;
    running.readings += 1;
    const baseline = await residentMb(child.pid);
    return new Promise<Result>((resolve) => {
      const id = nextId++;
      let killedFor: ReadFailure | undefined;
      const stop = (failure: ReadFailure): void => {
        killedFor ??= failure;
        if (slot.process?.child === child) retire(slot);
        else if (alive(child)) child.kill("SIGKILL");
      };
      const timer = setTimeout(
        () => stop({ reason: "timeout", detail: `reading took longer than ${timeoutMs} ms` }),
        killAfterMs,
      );
      const watch = setInterval(() => {
        void residentMb(child.pid).then((mb) => {
          if (mb !== null && baseline !== null && mb - baseline > maxGrowthMb)
            stop({ reason: "too-large", detail: `reading needed more than the reader's ${maxGrowthMb} MiB of memory` });
        });
      }, 50);
      const onAbort = (): void => stop({ reason: "timeout", detail: "the reading was stopped" });
      const settle = (): void => {
        clearTimeout(timer);
        clearInterval(watch);
        read.signal?.removeEventListener("abort", onAbort);
        child.off("message", onMessage);
        child.off("exit", onExit);
      };
      const onMessage = (m: { id?: number; result?: Result }): void => {
        if (m.id !== id || m.result === undefined) return;
        settle();
        resolve(m.result);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        settle();
        // Closed while reading (the service stops): no answer, so that the bill is not failed for a shutdown;
        // its job has been handed back to the queue and reads it again.
        if (closed && killedFor === undefined) return;
        // V8 aborts (SIGABRT, or exit 134) when the heap limit is reached.
        const outOfHeap = signal === "SIGABRT" || code === 134;
        resolve(
          E.left(
            killedFor ??
              (outOfHeap
                ? { reason: "too-large", detail: `reading needed more than the reader's ${memoryMb} MiB of heap` }
                : { reason: "unreadable", detail: `the reading process ended (${signal ?? `exit ${code}`})` }),
          ),
        );
      };
      read.signal?.addEventListener("abort", onAbort, { once: true });
      child.on("message", onMessage);
      child.once("exit", onExit);
      if (!alive(child)) onExit(child.exitCode, child.signalCode);
      else if (read.signal?.aborted) onAbort();
      else
        child.send(
          {
            kind: "read",
            id,
            document,
            method: read.method,
            ...(read.buyer === undefined ? {} : { buyer: read.buyer }),
          } satisfies ReadProcessMessage,
          (error) => {
            if (error)
              stop({ reason: "unreadable", detail: `the reading process could not be reached: ${error.message}` });
          },
        );
    });
  };

  return {
    async read(document, read) {
      if (closed) return E.left({ reason: "unreadable", detail: "the reader is closed" });
      const slot = await queue.acquire();
      try {
        const result = await readIn(slot, document, read);
        // A document over a cap may have left the process large, and a long-lived process keeps what it took:
        // the next reading starts in a fresh one.
        const over = E.isLeft(result) && result.left.reason === "too-large";
        if (over || (slot.process?.readings ?? 0) >= recycleAfter) retire(slot);
        return result;
      } finally {
        release(slot);
      }
    },
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const child = slot.process?.child;
          slot.process = null;
          if (child === undefined || !alive(child)) return;
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
