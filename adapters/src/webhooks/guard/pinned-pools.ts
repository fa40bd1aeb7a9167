import { rootCertificates } from "node:tls";
import { forbiddenAddressReason, hostLiteralAddress, type UrlPolicy } from "@apar/core";
import { type buildConnector, buildConnector as connectorOf, Pool } from "undici";

export type ExtraCa = string | Uint8Array | readonly (string | Uint8Array)[];

/**
 * A connector that checks the (pinned IP) host of every connection it opens against the policy before dialling:
 * a name, or an address the policy forbids, is refused whatever asked for the connection.
 */
export const checkedConnector = (policy: UrlPolicy, extraCa?: ExtraCa): buildConnector.connector => {
  const extra = extraCa === undefined ? [] : Array.isArray(extraCa) ? extraCa : [extraCa as string | Uint8Array];
  // Setting `ca` replaces Node's roots; extra CAs (a private network's, or a test's) are added to them.
  const ca = extra.length === 0 ? undefined : [...rootCertificates, ...extra.map((c) => Buffer.from(c))];
  const connect = connectorOf(ca === undefined ? {} : { ca });
  return (options, callback) => {
    const reason = forbiddenAddressReason(options.hostname, policy);
    if (reason === undefined) connect(options, callback);
    else callback(new Error(`refused to connect to ${options.hostname} (${reason})`), null);
  };
};

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

/** Keep-alive connection pools, one per receiver (pinned address, port, server name). */
export interface PinnedPools {
  /**
   * POSTs to the pinned address with the URL's name as Host and TLS server name, without following redirects.
   * Reads and discards at most `maxResponseBytes` of the answer. Resolves with the status or the error; never rejects.
   */
  post(post: PinnedPost): Promise<PinnedOutcome>;
  close(): void;
}

// Errors raised before a connection exists: nothing was sent, so trying the host's next address sends nothing twice.
const UNREACHABLE = new Set(["ECONNREFUSED", "ENETUNREACH", "EHOSTUNREACH", "EADDRNOTAVAIL"]);

// Headers the client owns: Host names the URL's host, never the pinned IP; framing comes from the body.
const OWNED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade"]);

/** Connections per receiver, and receivers whose pools are kept (the least recently used beyond are closed). */
const CONNECTIONS_PER_RECEIVER = 64;
const MAX_POOLS = 256;

const describe = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
};

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code;
  return typeof code === "string" ? code : undefined;
};

/** undici pools behind the checked connector (undici costs about half of node:http's CPU per request here). */
export const createPinnedPools = (policy: UrlPolicy, extraCa?: ExtraCa): PinnedPools => {
  const connect = checkedConnector(policy, extraCa);
  const pools = new Map<string, Pool>();

  const poolOf = (url: URL, address: string): Pool => {
    const secure = url.protocol === "https:";
    const port = url.port === "" ? (secure ? 443 : 80) : Number(url.port);
    const name = url.hostname;
    // An IP-literal URL has no server name to send (RFC 6066); a name is verified against the certificate.
    const servername = secure && hostLiteralAddress(name) === undefined ? name : undefined;
    const key = `${url.protocol}${address} ${port} ${servername ?? ""}`;
    const known = pools.get(key);
    if (known !== undefined) {
      // Most recently used last.
      pools.delete(key);
      pools.set(key, known);
      return known;
    }
    const oldest = pools.size >= MAX_POOLS ? pools.keys().next().value : undefined;
    if (oldest !== undefined) {
      void pools.get(oldest)?.close();
      pools.delete(oldest);
    }
    const host = address.includes(":") ? `[${address}]` : address;
    const pool = new Pool(`${url.protocol}//${host}:${port}`, {
      connections: CONNECTIONS_PER_RECEIVER,
      connect:
        servername === undefined ? connect : (options, callback) => connect({ ...options, servername }, callback),
      // Idle sockets close before a typical server's 5 s keep-alive does, so a reused socket is rarely a reset one.
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 4_000,
      // The attempt's budget is enforced by its own timer (it covers connecting too).
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    pools.set(key, pool);
    return pool;
  };

  const post = async (post: PinnedPost): Promise<PinnedOutcome> => {
    const headers: Record<string, string> = {};
    for (const name in post.headers)
      if (!OWNED_HEADERS.has(name.toLowerCase())) headers[name] = post.headers[name] as string;
    headers.host = post.url.host;
    let status: number | null = null;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), post.timeoutMs);
    try {
      const response = await poolOf(post.url, post.address).request({
        path: `${post.url.pathname}${post.url.search}`,
        method: "POST",
        headers,
        body: post.body,
        signal: abort.signal,
      });
      status = response.statusCode;
      // The answer is known from the status; a receiver that talks on is cut off (its socket is not reused).
      await response.body.dump({ limit: post.maxResponseBytes }).catch(() => undefined);
      // undici frees the connection in a microtask after the answer ends: one turn later the caller's next request
      // to this receiver finds it free, instead of opening another.
      await new Promise((resolve) => setImmediate(resolve));
      if (status >= 300 && status < 400) return { status, error: "redirect not followed", unreachable: false };
      return { status, error: null, unreachable: false };
    } catch (error) {
      if (status !== null) return { status, error: null, unreachable: false };
      if (abort.signal.aborted)
        return { status, error: `timeout: no answer within ${post.timeoutMs} ms`, unreachable: false };
      const code = codeOf(error);
      return {
        status,
        error: `connection failed: ${describe(error)}`,
        unreachable: code !== undefined && UNREACHABLE.has(code),
      };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    post,
    close: () => {
      for (const pool of pools.values()) void pool.destroy();
      pools.clear();
    },
  };
};
