import { parentPort } from "node:worker_threads";
import { type CamtReading, readCamtXml } from "./camt-xml.js";

// The thread that reads statement files for camt-reader.ts: one file at a time, answered by its request id.

/** A file to read, and the most entries it may open. */
export interface CamtRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly maxEntries: number;
}

export interface CamtAnswer {
  readonly id: number;
  readonly reading: CamtReading;
}

parentPort?.on("message", (request: CamtRequest) => {
  let reading: CamtReading;
  try {
    reading = readCamtXml(request.bytes, request.maxEntries);
  } catch {
    reading = "corrupt";
  }
  parentPort?.postMessage({ id: request.id, reading } satisfies CamtAnswer);
});
