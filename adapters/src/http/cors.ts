import type { Request, Response } from "restify";

/** Browser origins allowed to call the API, and the request headers they may send. */
export interface CorsOptions {
  /** Exact origins (`https://app.example.com`); others get no CORS headers at all. */
  readonly origins: readonly string[];
  /** Request headers a browser may send besides the CORS-safelisted ones. */
  readonly allowHeaders: readonly string[];
}

const METHODS = "GET, POST, PUT, PATCH, DELETE";
const EXPOSED = "x-request-id, WWW-Authenticate";

/**
 * Applies CORS to a request before routing: headers for allowed origins, and a 204 for their preflight
 * `OPTIONS` (restify would answer 405). Answers true when it answered the request itself.
 */
export const applyCors = (options: CorsOptions, req: Request, res: Response): boolean => {
  res.setHeader("Vary", "Origin");
  const origin = req.headers.origin;
  if (origin === undefined || !options.origins.includes(origin)) return false;
  res.setHeader("Access-Control-Allow-Origin", origin);
  res.setHeader("Access-Control-Expose-Headers", EXPOSED);
  if (req.method !== "OPTIONS" || req.headers["access-control-request-method"] === undefined) return false;
  res.setHeader("Access-Control-Allow-Methods", METHODS);
  res.setHeader("Access-Control-Allow-Headers", options.allowHeaders.join(", "));
  res.setHeader("Access-Control-Max-Age", "600");
  res.setHeader("Content-Length", "0");
  res.writeHead(204);
  res.end();
  return true;
};
