import { type DomainError, documented, type ErrorKind, type FieldError, Integer } from "@apar/core";
import * as t from "io-ts";
import type { Request, Response } from "restify";

/** One field error of a problem (`errors`). */
export const FieldErrorView = t.type({ field: t.string, code: t.string, message: t.string }, "FieldError");

/** An RFC 9457 problem as every refusal answers it. */
export const ProblemView = documented(
  t.intersection(
    [
      t.type({
        type: documented(t.string, { format: "uri", description: "The RFC 9110 section of the status." }),
        title: documented(t.string, { description: "The stable error code, such as Company.NotFound." }),
        status: documented(Integer, { format: "int32" }),
      }),
      t.partial({
        detail: documented(t.string, { description: "A sentence for people." }),
        instance: documented(t.string, { description: "The request path." }),
        // The document names the field error once, as its FieldError component.
        errors: documented(t.readonlyArray(FieldErrorView), { items: { $ref: "#/components/schemas/FieldError" } }),
      }),
    ],
    "Problem",
  ),
  { description: "RFC 9457 problem details. Members without a value are omitted, never null." },
);

/** The media type of every error body. */
export const PROBLEM_JSON = "application/problem+json";

/** An RFC 9457 problem body as apar sends it: `title` is the stable code; absent members are omitted. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail?: string;
  readonly instance?: string;
  readonly errors?: readonly FieldError[];
}

/** The one table from an error kind to its status. */
export const KIND_STATUS: Readonly<Record<ErrorKind, number>> = {
  BadRequest: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Gone: 410,
  TooLarge: 413,
  UnsupportedMediaType: 415,
  Unavailable: 503,
};

/** Codes whose status differs from their kind's (none yet; e.g. a 422 would go here). */
export const CODE_STATUS: Readonly<Record<string, number>> = {};

const RFC9110_SECTION: Readonly<Record<number, string>> = {
  400: "15.5.1",
  401: "15.5.2",
  403: "15.5.4",
  404: "15.5.5",
  405: "15.5.6",
  406: "15.5.7",
  408: "15.5.9",
  409: "15.5.10",
  410: "15.5.11",
  413: "15.5.14",
  414: "15.5.15",
  415: "15.5.16",
  422: "15.5.21",
  500: "15.6.1",
  501: "15.6.2",
  503: "15.6.4",
};

/** The `type` of a problem: the RFC 9110 section of its status, or `about:blank` for others. */
export const problemType = (status: number): string => {
  const section = RFC9110_SECTION[status];
  return section === undefined ? "about:blank" : `https://www.rfc-editor.org/rfc/rfc9110#section-${section}`;
};

/** The status a DomainError answers. */
export const statusOf = (error: DomainError): number => CODE_STATUS[error.code] ?? KIND_STATUS[error.kind];

/** Builds a problem body. */
export const problem = (
  status: number,
  code: string,
  detail: string | undefined,
  instance: string | undefined,
  errors?: readonly FieldError[],
): Problem => ({
  type: problemType(status),
  title: code,
  status,
  ...(detail === undefined ? {} : { detail }),
  ...(instance === undefined ? {} : { instance }),
  ...(errors === undefined ? {} : { errors }),
});

/** The problem body of a DomainError. */
export const problemOf = (error: DomainError, instance: string | undefined): Problem =>
  problem(statusOf(error), error.code, error.detail, instance, error.errors);

/** The problem of a defect: no message, no stack (those go to the log). */
export const internalProblem = (instance: string | undefined): Problem =>
  problem(500, "Internal.Error", "An unexpected error occurred; it has been logged.", instance);

/** Writes a problem response through restify's problem+json formatter. */
export const sendProblem = (res: Response, body: Problem, headers?: Readonly<Record<string, string>>): void => {
  res.header("Content-Type", PROBLEM_JSON);
  res.send(body.status, body, headers === undefined ? undefined : { ...headers });
};

/** 429: the one error with an empty body and no Retry-After (the spec's rule). */
export const sendTooManyRequests = (res: Response): void => {
  res.status(429);
  res.end();
};

/** restify formatter for problem+json; without it restify sends `[object Object]` as octet-stream. */
export const formatProblemJson = (_req: Request, res: Response, body: unknown): string => {
  const data = JSON.stringify(body) ?? "null";
  res.setHeader("Content-Length", Buffer.byteLength(data));
  return data;
};
