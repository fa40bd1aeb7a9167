import * as http from "node:http";
import * as https from "node:https";
import type { CheckedAgents } from "./checked-agents.js";

export interface PinnedPost {
  readonly url: URL;
  /** The checked IP address the socket connects to; no second lookup happens. */
  readonly address: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array;
  /** Milliseconds left of the attempt's budget. */
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
}

export interface PinnedOutcome {
  readonly status: number | null;
  readonly error: string | null;
  /** True when no connection was made, so no byte reached the receiver and another address may be tried. */
  readonly unreachable: boolean;
}

// Errors raised before a connection exists: nothing was sent, so trying the host's next address sends nothing twice.
const UNREACHABLE = new Set(["ECONNREFUSED", "ENETUNREACH", "EHOSTUNREACH", "EADDRNOTAVAIL"]);

// Headers the client owns: Host names the URL's host, never the pinned IP; framing comes from the body.
const OWNED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

const requestHeaders = (post: PinnedPost, length: number): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(post.headers))
    if (!OWNED_HEADERS.has(name.toLowerCase())) headers[name] = value;
  headers.host = post.url.host;
  headers["content-length"] = String(length);
  return headers;
};

const describe = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
};

/**
 * POSTs to the pinned address with the URL's name as Host and TLS server name, without following redirects.
 * Reads and discards at most `maxResponseBytes` of the answer. Resolves with the status or the error; never rejects.
 */
export const postPinned = (post: PinnedPost, agents: CheckedAgents): Promise<PinnedOutcome> =>
  new Promise((resolve) => {
    const secure = post.url.protocol === "https:";
    const body = typeof post.body === "string" ? Buffer.from(post.body) : post.body;
    const name = post.url.hostname;
    let status: number | null = null;
    let settled = false;
    const settle = (error: string | null, unreachable = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error === null && status !== null && status >= 300 && status < 400)
        resolve({ status, error: "redirect not followed", unreachable });
      else resolve({ status, error, unreachable });
    };
    const options: https.RequestOptions = {
      host: post.address,
      port: post.url.port === "" ? (secure ? 443 : 80) : Number(post.url.port),
      path: `${post.url.pathname}${post.url.search}`,
      method: "POST",
      headers: requestHeaders(post, body.byteLength),
      agent: secure ? agents.https : agents.http,
      // An IP-literal URL has no server name to send (RFC 6066); a name is verified against the certificate.
      ...(secure && !name.startsWith("[") && !/^[\d.]+$/.test(name) ? { servername: name } : {}),
    };
    const request = (secure ? https : http).request(options, (response) => {
      status = response.statusCode ?? null;
      let seen = 0;
      response.on("data", (chunk: Buffer) => {
        seen += chunk.byteLength;
        // The answer is known from the status; a receiver that talks on is cut off (its socket is not reused).
        if (seen > post.maxResponseBytes) {
          response.destroy();
          settle(null);
        }
      });
      response.on("end", () => settle(null));
      response.on("error", () => settle(null));
      response.on("close", () => settle(null));
    });
    const timer = setTimeout(() => {
      if (status !== null) settle(null);
      else settle(`timeout: no answer within ${post.timeoutMs} ms`);
      request.destroy();
    }, post.timeoutMs);
    request.on("error", (error) => {
      const code = (error as { code?: unknown }).code;
      if (status !== null) settle(null);
      else settle(`connection failed: ${describe(error)}`, typeof code === "string" && UNREACHABLE.has(code));
    });
    request.end(body);
  });
