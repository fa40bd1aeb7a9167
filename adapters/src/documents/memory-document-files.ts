import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { StreamingDocumentFiles } from "./file-document-files.js";

/** Document files in memory (tests and embedders without a disk), content-addressed like the file store. */
export const memoryDocumentFiles = (): StreamingDocumentFiles => {
  const files = new Map<string, Uint8Array>();
  const put = async (bytes: Uint8Array) => {
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    files.set(sha256, new Uint8Array(bytes));
    return { sha256, size: bytes.byteLength };
  };
  return {
    put,
    get: async (sha256) => {
      const bytes = files.get(sha256);
      return bytes === undefined ? undefined : new Uint8Array(bytes);
    },
    async putStream(stream: Readable, maxBytes: number) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          stream.resume();
          return "too-large";
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = new Uint8Array(Buffer.concat(chunks));
      return { ...(await put(bytes)), head: bytes.subarray(0, 4096) };
    },
  };
};
