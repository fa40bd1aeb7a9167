import type { Readable, Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { type DomainError, domainError } from "@apar/core";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.js";

/** What `readBody` needs to know about the route. */
export interface BodyRules {
  /** Limit on the decoded body (and on the bytes on the wire). */
  readonly maxBytes: number;
  /** The media type the route accepts; `application/json` and any `+json` are parsed. */
  readonly mediaType: string;
  readonly required: boolean;
}

/** A body read in full. */
export interface Body {
  readonly raw: Buffer;
  readonly json: unknown;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const header = (headers: Headers, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(",") : v;
};

/** True for `application/json` and structured `+json` types. */
export const isJsonMediaType = (type: string): boolean =>
  type === "application/json" || /^application\/[^/;]+\+json$/.test(type);

const mediaTypeOf = (contentType: string | undefined): string =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

const acceptsType = (accepted: string, given: string): boolean =>
  accepted === "*/*" || given === accepted || (isJsonMediaType(accepted) && isJsonMediaType(given));

const tooLarge = (max: number): DomainError =>
  domainError("TooLarge", "Request.TooLarge", `The request body is larger than ${max} bytes (after decompression).`);

const unsupported = (detail: string): DomainError =>
  domainError("UnsupportedMediaType", "Request.UnsupportedMediaType", detail);

/** The decoder for a Content-Encoding; undefined for identity; null for one we do not speak. */
const decoderFor = (encoding: string): Transform | undefined | null => {
  switch (encoding) {
    case "":
    case "identity":
      return undefined;
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return null;
  }
};

/** Whether the request carries a body at all (RFC 9112 section 6.3). */
const hasBody = (headers: Headers): boolean => {
  const length = header(headers, "content-length");
  return header(headers, "transfer-encoding") !== undefined || (length !== undefined && Number(length) > 0);
};

/**
 * Reads and decodes a request body, counting the limit on decoded bytes: a compressed
 * body is inflated as a stream and dropped the moment it passes the limit, so a small
 * gzip bomb costs no more than `maxBytes` of work. Answers a DomainError for the client's
 * mistakes (400, 413, 415); throws only when the connection fails.
 */
export const readBody = async (req: Readable & { headers: Headers }, rules: BodyRules): Promise<Body | DomainError> => {
  const { headers } = req;
  if (!hasBody(headers)) {
    return rules.required
      ? domainError("BadRequest", "Request.MissingBody", "This operation needs a request body.")
      : { raw: Buffer.alloc(0), json: undefined };
  }
  const type = mediaTypeOf(header(headers, "content-type"));
  if (!acceptsType(rules.mediaType, type)) {
    return unsupported(`This operation accepts ${rules.mediaType}${type === "" ? "" : `, not ${type}`}.`);
  }
  const encoding = (header(headers, "content-encoding") ?? "").trim().toLowerCase();
  const decoder = decoderFor(encoding);
  if (decoder === null) return unsupported(`Content-Encoding ${encoding} is not supported (use gzip, deflate or br).`);
  const declared = Number(header(headers, "content-length") ?? "0");
  if (declared > rules.maxBytes) return tooLarge(rules.maxBytes);

  const raw = await collect(req, decoder, rules.maxBytes);
  if (raw === "too-large") return tooLarge(rules.maxBytes);
  if (raw === "bad-encoding") {
    return domainError("BadRequest", "Request.MalformedBody", `The body is not valid ${encoding} data.`);
  }
  if (raw.length === 0 && rules.required) {
    return domainError("BadRequest", "Request.MissingBody", "This operation needs a request body.");
  }
  if (!isJsonMediaType(rules.mediaType)) return { raw, json: undefined };
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
    return domainError(
      "BadRequest",
      "Request.TooDeep",
      `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
    );
  }
  try {
    return { raw, json: raw.length === 0 ? undefined : JSON.parse(raw.toString("utf8")) };
  } catch (e) {
    return domainError("BadRequest", "Request.MalformedJson", `The body is not valid JSON: ${(e as Error).message}`);
  }
};

/**
 * Collects the body through the decoder, stopping at `max` bytes on either side of it.
 * On a stop the request is left paused and unread; the caller answers and closes.
 */
const collect = (
  req: Readable,
  decoder: Transform | undefined,
  max: number,
): Promise<Buffer | "too-large" | "bad-encoding"> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let wire = 0;
    let decoded = 0;
    let settled = false;
    const out = decoder ?? req;
    const finish = (result: Buffer | "too-large" | "bad-encoding" | Error): void => {
      if (settled) return;
      settled = true;
      req.off("data", onWire);
      req.off("error", onReqError);
      req.off("close", onClose);
      out.off("data", onDecoded);
      out.off("end", onEnd);
      if (decoder !== undefined) {
        req.unpipe(decoder);
        decoder.off("error", onDecodeError);
        decoder.destroy();
      }
      req.pause();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const onWire = (chunk: Buffer): void => {
      wire += chunk.length;
      if (wire > max) finish("too-large");
    };
    const onDecoded = (chunk: Buffer): void => {
      decoded += chunk.length;
      if (decoded > max) finish("too-large");
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(Buffer.concat(chunks, decoded));
    const onReqError = (e: Error): void => finish(e);
    // A request that ended may close before the decoder has flushed: only an early close is an error.
    const onClose = (): void => {
      if (!req.readableEnded) finish(new Error("the request closed before its end"));
    };
    const onDecodeError = (): void => finish("bad-encoding");
    req.on("error", onReqError);
    req.on("close", onClose);
    out.on("end", onEnd);
    if (decoder !== undefined) {
      req.on("data", onWire);
      decoder.on("error", onDecodeError);
      decoder.on("data", onDecoded);
      req.pipe(decoder);
    } else {
      req.on("data", onDecoded);
    }
  });
