// The script of a tesseract.js worker thread (ocr-pool.ts): tesseract.js's own Node worker, with two changes.
// - The WebAssembly build is tesseract.js-core's SIMD LSTM-only one, not the relaxed-SIMD one tesseract.js picks
//   where the engine has relaxed SIMD (Node 24 has): on the committed scans it reads the same text with 1-3 %
//   less CPU (docs/decisions.md), and plain SIMD gives the same results on every processor, which relaxed SIMD
//   does not promise. The pool creates LSTM-only workers (oem 1), which is what this build holds.
// - Nothing is fetched: language data comes from the `@tesseract.js-data` folders the pool names.
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);

interface Dispatch {
  dispatchHandlers(packet: unknown, send: (message: unknown) => void): void;
  setAdapter(adapter: Record<string, unknown>): void;
}
const worker = require("tesseract.js/src/worker-script/index.js") as Dispatch;
const cache = require("tesseract.js/src/worker-script/node/cache.js") as Record<string, unknown>;
const gunzip = require("tesseract.js/src/worker-script/node/gunzip.js") as unknown;

let core: unknown;
parentPort?.on("message", (packet) => worker.dispatchHandlers(packet, (message) => parentPort?.postMessage(message)));
worker.setAdapter({
  getCore: async () => {
    core ??= require("tesseract.js-core/tesseract-core-simd-lstm.js");
    return core;
  },
  gunzip,
  fetch: async (url: string) => {
    throw new Error(`the OCR worker fetches nothing (${url})`);
  },
  ...cache,
});
