import { randomUUID } from "node:crypto";

/** The header that carries a request id in and out. */
export const REQUEST_ID_HEADER = "x-request-id";

// Accept a caller's id only when it cannot smuggle anything into logs or headers.
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `x-request-id` when it is sane (1-128 of `A-Za-z0-9._:-`), else a fresh UUID. */
export const requestIdFrom = (given: string | string[] | undefined): string =>
  typeof given === "string" && SANE.test(given) ? given : randomUUID();
