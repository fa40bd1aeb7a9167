import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { DocumentFiles, StoredFile } from "@apar/core/ports";

/** A file written from a stream: its hash and size, and its first bytes (to tell its type). */
export interface StreamedFile extends StoredFile {
  readonly head: Uint8Array;
}

/** Document files that can also take a stream (uploads are never held in memory whole). */
export interface StreamingDocumentFiles extends DocumentFiles {
  /**
   * Writes a stream, counting its bytes: "too-large" (and nothing kept) as soon as it passes `maxBytes`.
   * Rejects when the stream fails.
   */
  putStream(stream: Readable, maxBytes: number): Promise<StreamedFile | "too-large">;
}

/** How many first bytes a streamed file reports (enough for every magic number and an XML prolog). */
const HEAD_BYTES = 4096;

const HASH = /^[0-9a-f]{64}$/;

/**
 * Documents under `dir`, content-addressed: `<dir>/<first two hex digits>/<sha-256>`. A write goes to a
 * temporary file in `<dir>/tmp` (same file system), is flushed, and renamed into place: readers never see
 * part of a file, and two instances writing the same bytes at once end with the same file.
 */
export const fileDocumentFiles = (dir: string): StreamingDocumentFiles => {
  const pathOf = (sha256: string) => join(dir, sha256.slice(0, 2), sha256);
  const tempPath = async () => {
    await mkdir(join(dir, "tmp"), { recursive: true });
    return join(dir, "tmp", `${Date.now()}-${randomBytes(8).toString("hex")}`);
  };
  const settle = async (temp: string, sha256: string) => {
    await mkdir(join(dir, sha256.slice(0, 2)), { recursive: true });
    await rename(temp, pathOf(sha256));
  };
  return {
    async put(bytes) {
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const temp = await tempPath();
      await writeFile(temp, bytes, { flush: true });
      await settle(temp, sha256);
      return { sha256, size: bytes.byteLength };
    },
    async get(sha256) {
      if (!HASH.test(sha256)) return undefined;
      try {
        return new Uint8Array(await readFile(pathOf(sha256)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw e;
      }
    },
    async putStream(stream, maxBytes) {
      const temp = await tempPath();
      const out = createWriteStream(temp, { flush: true });
      const hash = createHash("sha256");
      const head: Buffer[] = [];
      let headLength = 0;
      let size = 0;
      const outcome = await new Promise<"ok" | "too-large">((resolve, reject) => {
        const fail = (e: unknown) => {
          out.destroy();
          reject(e);
        };
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            stream.unpipe(out);
            stream.removeAllListeners("data");
            stream.resume();
            out.destroy();
            resolve("too-large");
            return;
          }
          hash.update(chunk);
          if (headLength < HEAD_BYTES) {
            head.push(chunk.subarray(0, HEAD_BYTES - headLength));
            headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
          }
          if (!out.write(chunk)) {
            stream.pause();
            out.once("drain", () => stream.resume());
          }
        });
        stream.once("error", fail);
        out.once("error", fail);
        stream.once("end", () => out.end(() => resolve("ok")));
      });
      if (outcome === "too-large") {
        // A write stream destroyed before its file was open still opens (and creates) it: remove it once closed.
        if (!out.closed) await once(out, "close");
        await rm(temp, { force: true });
        return "too-large";
      }
      const sha256 = hash.digest("hex");
      await settle(temp, sha256);
      return { sha256, size, head: new Uint8Array(Buffer.concat(head)) };
    },
  };
};
