import { Buffer } from "node:buffer";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import { Uuid } from "./codecs/uuid.js";
import { type DomainError, domainError } from "./errors.js";
import type { PageRequest } from "./page.js";

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_CURSOR_LENGTH = 512;

/** The error for a cursor that was not made by us (tampered, truncated, or from another list). */
export const invalidCursor = (): DomainError =>
  domainError("BadRequest", "Request.InvalidCursor", "The cursor is not valid: pass nextCursor from a previous page.", [
    { field: "Cursor", code: "invalid", message: "Cursor is not a cursor this list gave out" },
  ]);

/** An opaque cursor: the base64url text of `value` encoded as JSON through `codec`. */
export const encodeCursor = <A, O>(codec: t.Encoder<A, O>, value: A): string =>
  Buffer.from(JSON.stringify(codec.encode(value)), "utf8").toString("base64url");

/** Reads a cursor made by `encodeCursor` with the same codec; anything else is `Request.InvalidCursor`. */
export const decodeCursor = <A>(codec: t.Decoder<unknown, A>, cursor: string): E.Either<DomainError, A> => {
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) return E.left(invalidCursor());
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  // Buffer skips bytes it cannot read; a cursor that does not round-trip was not ours.
  if (Buffer.from(text, "utf8").toString("base64url") !== cursor) return E.left(invalidCursor());
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return E.left(invalidCursor());
  }
  return E.mapLeft(invalidCursor)(codec.decode(json));
};

// Keyset cursors carry the last id of the page: `{"a": "<uuid>"}`.
const AfterId = t.type({ a: Uuid });

/** The cursor that continues a list after the row with `id`. */
export const encodeIdCursor = (id: string): string => encodeCursor(AfterId, { a: id });

/** The row id a cursor made by `encodeIdCursor` continues after. */
export const decodeIdCursor = (cursor: string): E.Either<DomainError, string> =>
  E.map((c: { a: string }) => c.a)(decodeCursor(AfterId, cursor));

/** A `PageRequest` from the decoded `Cursor` (optional) and `Limit` query parameters. */
export const pageRequest = (cursor: string | undefined, limit: number): E.Either<DomainError, PageRequest> =>
  cursor === undefined || cursor === ""
    ? E.right({ limit })
    : E.map((after: string) => ({ after, limit }))(decodeIdCursor(cursor));
