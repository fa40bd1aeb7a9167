import { createHash } from "node:crypto";
import { type BillDocument, type DomainError, domainError, isDomainError, sniffMediaType } from "@apar/core";
import Busboy from "busboy";
import type { StreamingDocumentFiles } from "../../documents/file-document-files.js";
import type { RouteContext } from "../route.js";

/** A document taken from a multipart upload and stored, with the hash idempotency compares. */
export interface ReceivedDocument {
  readonly document: BillDocument;
  /** sha-256 of the file's hash and name: what "the same request" means for an Idempotency-Key. */
  readonly requestHash: string;
}

const tooLarge = (max: number): DomainError =>
  domainError("TooLarge", "Request.TooLarge", `The document is larger than ${max} bytes.`);
const badRequest = (code: string, detail: string): DomainError => domainError("BadRequest", code, detail);

// Multipart framing around the file (boundaries, part headers) that a Content-Length may hold beyond it.
const FRAMING_ALLOWANCE = 64 * 1024;

/**
 * Streams the `file` part of a multipart/form-data request into the document files, counting bytes as they
 * come (413 past `maxBytes`, without waiting for the rest), then checks the type by its magic bytes (415)
 * and that it is not empty (400). Other parts are skipped, unless `admit` is given: then the text fields sent
 * before the file (at most 20, 1 KiB each) are handed to it, and the file is stored only when it answers
 * nothing (a form's CSRF token, for instance, is checked before a byte of the file is kept).
 */
export const receiveDocument = (
  ctx: RouteContext,
  files: StreamingDocumentFiles,
  maxBytes: number,
  admit?: (fields: ReadonlyMap<string, string>) => DomainError | undefined,
): Promise<ReceivedDocument | DomainError> => {
  const type = String(ctx.headers["content-type"] ?? "");
  if (!/^multipart\/form-data\s*;/i.test(type))
    return Promise.resolve(
      domainError(
        "UnsupportedMediaType",
        "Request.UnsupportedMediaType",
        "Upload the document as multipart/form-data.",
      ),
    );
  const declared = Number(ctx.headers["content-length"] ?? "0");
  if (declared > maxBytes + FRAMING_ALLOWANCE) return Promise.resolve(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({ headers: ctx.req.headers, limits: { files: 1, fields: 20, parts: 25, fieldSize: 1024 } });
    } catch (e) {
      resolve(badRequest("Request.MalformedBody", `The multipart body cannot be read: ${(e as Error).message}`));
      return;
    }
    let stored: Promise<ReceivedDocument | DomainError> | undefined;
    let done = false;
    const finish = (answer: ReceivedDocument | DomainError) => {
      if (done) return;
      done = true;
      resolve(answer);
    };
    const fields = new Map<string, string>();
    busboy.on("field", (name, value) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    busboy.on("file", (name, stream, info) => {
      if (name !== "file" || stored !== undefined) {
        stream.resume();
        return;
      }
      const refused = admit?.(fields);
      if (refused !== undefined) {
        // Nothing of the file is read: the server answers and closes the connection.
        stored = Promise.resolve(refused);
        ctx.req.unpipe(busboy);
        ctx.req.pause();
        finish(refused);
        return;
      }
      stored = files.putStream(stream, maxBytes).then((file): ReceivedDocument | DomainError => {
        if (file === "too-large") {
          // Stop reading: the server answers and closes the connection.
          ctx.req.unpipe(busboy);
          ctx.req.pause();
          return tooLarge(maxBytes);
        }
        if (file.size === 0) return badRequest("Bill.EmptyDocument", "The file part is empty.");
        const mediaType = sniffMediaType(file.head);
        if (mediaType === undefined)
          return domainError(
            "UnsupportedMediaType",
            "Bill.UnsupportedDocumentType",
            "The document is not a PDF, PNG, JPEG, TIFF, WebP or e-invoice XML file.",
          );
        const filename = info.filename === undefined || info.filename === "" ? null : info.filename.slice(0, 255);
        return {
          document: { sha256: file.sha256, mediaType, filename, size: file.size },
          requestHash: createHash("sha256")
            .update(`${file.sha256}\n${filename ?? ""}`)
            .digest("hex"),
        };
      });
      // A too-large file answers at once, without waiting for the rest of the body.
      void stored.then((answer) => {
        if (isDomainError(answer) && answer.kind === "TooLarge") finish(answer);
      }, reject);
    });
    busboy.on("error", (e: Error) =>
      finish(badRequest("Request.MalformedBody", `The multipart body cannot be read: ${e.message}`)),
    );
    busboy.on("close", () => {
      if (stored === undefined) finish(badRequest("Bill.MissingDocument", "Send the document in a part named `file`."));
      else stored.then(finish, reject);
    });
    ctx.req.pipe(busboy);
  });
};
