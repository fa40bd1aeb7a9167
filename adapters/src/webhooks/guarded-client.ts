import { checkWebhookUrl, type DomainError, invalidWebhookUrl, type UrlPolicy } from "@apar/core";
import type { Either } from "fp-ts/lib/Either.js";
import * as E from "fp-ts/lib/Either.js";
import { createPinnedPools, type ExtraCa } from "./guard/pinned-pools.js";
import {
  checkedLiteral,
  type Resolution,
  type Resolve,
  resolveChecked,
  systemResolve,
} from "./guard/resolve-checked.js";

export interface GuardedClientOptions extends UrlPolicy {
  /** Resolves a host to all its addresses; default dns.lookup with `all`. */
  readonly resolve?: Resolve;
  /** Total budget of one attempt (resolve, connect, answer); default 10,000 ms as the spec says. */
  readonly timeoutMs?: number;
  /** Read and discard at most this much of an answer; default 64 KiB. */
  readonly maxResponseBytes?: number;
  /** CAs trusted in addition to Node's roots (receivers inside an operator's network, tests). */
  readonly extraCa?: ExtraCa;
}

/** What one delivery attempt came to: ok is a 2xx; error says why not (null on a plain non-2xx status). */
export interface DeliveryAttemptResult {
  readonly ok: boolean;
  readonly status: number | null;
  readonly error: string | null;
  readonly latencyMs: number;
}

export interface GuardedClient {
  /** Save-time check: checkWebhookUrl plus resolve the host and check every address. */
  validate(url: string): Promise<Either<DomainError, URL>>;
  /**
   * POSTs the body to a checked, pinned address (no second lookup, so no DNS rebinding), never following redirects,
   * within the total timeout; ok is a 2xx. Never throws.
   */
  post(
    url: string,
    request: { readonly headers: Readonly<Record<string, string>>; readonly body: string | Uint8Array },
  ): Promise<DeliveryAttemptResult>;
  /** Closes pooled connections. */
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** A resolution that gives up when the attempt's budget runs out (a lookup cannot be cancelled, only abandoned). */
const withDeadline = <A>(work: Promise<A>, ms: number, onTimeout: A): Promise<A> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<A>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
};

/** Builds the SSRF-guarded HTTP client that delivers webhooks. */
export const createGuardedClient = (options: GuardedClientOptions): GuardedClient => {
  const policy: UrlPolicy = {
    allowInsecureLoopback: options.allowInsecureLoopback,
    privateCidrs: options.privateCidrs,
  };
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const pools = createPinnedPools(policy, options.extraCa);
  // Deliveries repeat a few URLs (one per subscription) and the policy check of a URL is pure, so its answer is kept
  // (bounded), with the checked address of an IP-literal host. A name is not: every attempt resolves it and checks
  // every address again. Each new connection is checked once more by the pools' connector.
  const checkedUrls = new Map<string, { url: Either<DomainError, URL>; literal: Resolution | undefined }>();
  const checkCached = (url: string): { url: Either<DomainError, URL>; literal: Resolution | undefined } => {
    const known = checkedUrls.get(url);
    if (known !== undefined) return known;
    if (checkedUrls.size >= 1024) checkedUrls.clear();
    const checked = checkWebhookUrl(url, policy);
    const entry = {
      url: checked,
      literal: E.isLeft(checked) ? undefined : checkedLiteral(checked.right.hostname, policy),
    };
    checkedUrls.set(url, entry);
    return entry;
  };

  const validate = async (url: string): Promise<Either<DomainError, URL>> => {
    const checked = checkWebhookUrl(url, policy);
    if (E.isLeft(checked)) return checked;
    const resolution = await withDeadline(resolveChecked(checked.right.hostname, resolve, policy), timeoutMs, {
      ok: false,
      code: "url.unresolvable",
      message: `The host ${checked.right.hostname} did not resolve within ${timeoutMs} ms.`,
    } as const);
    return resolution.ok ? checked : E.left(invalidWebhookUrl(resolution.code, resolution.message));
  };

  const attempt = async (url: string, headers: Readonly<Record<string, string>>, body: string | Uint8Array) => {
    const started = performance.now();
    const { url: checked, literal } = checkCached(url);
    if (E.isLeft(checked)) return { status: null, error: `invalid URL: ${checked.left.detail}` };
    const timedOut = {
      ok: false,
      code: "url.unresolvable",
      message: `timeout: no answer within ${timeoutMs} ms`,
    } as const;
    const resolution =
      literal ?? (await withDeadline(resolveChecked(checked.right.hostname, resolve, policy), timeoutMs, timedOut));
    if (!resolution.ok) return { status: null, error: resolution.message };
    // Every address was checked; they are tried in the resolver's order while none could be connected to.
    let outcome: { status: number | null; error: string | null } = { status: null, error: "timeout: no time left" };
    for (const address of resolution.addresses) {
      const remaining = timeoutMs - (performance.now() - started);
      if (remaining <= 0) break;
      const post = { url: checked.right, address, headers, body, timeoutMs: remaining, maxResponseBytes };
      const { unreachable, ...result } = await pools.post(post);
      outcome = result;
      if (!unreachable) break;
    }
    return outcome;
  };

  return {
    validate,
    post: async (url, request) => {
      const started = performance.now();
      try {
        const { status, error } = await attempt(url, request.headers, request.body);
        const ok = error === null && status !== null && status >= 200 && status < 300;
        return { ok, status, error, latencyMs: performance.now() - started };
      } catch (error) {
        // A defect in the client must not take the worker down; the attempt is a failure like any other.
        return {
          ok: false,
          status: null,
          error: `client error: ${String(error)}`,
          latencyMs: performance.now() - started,
        };
      }
    },
    close: () => pools.close(),
  };
};
