import type { Redis } from "ioredis";
import type { Logger } from "pino";
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Request } from "restify";
import type { AfterBodyHook, BeforeRouteHook, HttpReply, RouteDef } from "../http/index.js";
import { clientIp, trustedProxies } from "../net/client-ip.js";
import { credentialKey, digestKey, tokenKey } from "./limit-keys.js";
import { type RateLimitSettings, SPEC_RATE_LIMITS } from "./settings.js";

/** Where the counters live: this process's memory, or Redis shared by every instance. */
export type RateLimitStore = { readonly kind: "memory" } | { readonly kind: "redis"; readonly client: Redis };

/** Options of `createRateLimiter`. */
export interface RateLimiterOptions {
  readonly store: RateLimitStore;
  /** Prefix of every store key; instances sharing budgets use the same one. Default `apar:rl`. */
  readonly keyPrefix?: string;
  /** Overrides of the spec's numbers (tests shorten windows and blocks). */
  readonly settings?: Partial<RateLimitSettings>;
  /** `APAR_TRUSTED_PROXIES`: IPs and CIDRs whose X-Forwarded-For is believed. */
  readonly trustedProxies?: readonly string[];
  /** The brand word of `x-<prefix>-api-key`. Default `service`. */
  readonly headerPrefix?: string;
  readonly logger?: Logger;
}

/**
 * The spec's limits as a `beforeRoute` hook, the auth budget per credential as an `afterAuthenticate` hook, and the
 * budgets counted by what a body holds (an MCP batch's messages, an exchange's code) as an `afterBody` hook.
 */
export interface RateLimiter {
  readonly settings: RateLimitSettings;
  readonly hook: BeforeRouteHook;
  /**
   * Spends the auth budget of the route's credential once it is accepted: a code request with a bad API key
   * never reaches it, and one key's requests never spend another's.
   */
  readonly afterAuthenticate: BeforeRouteHook;
  /**
   * Spends, once the body is read: on MCP, one more request of the credential's budget per further message of a
   * JSON-RPC batch (a batch over what is left is refused whole, and gives back all but the one request it is);
   * on an auth route without a credential, the budget of the body's key (an exchange's code, the address a sign-in
   * link is asked for).
   */
  readonly afterBody: AfterBodyHook;
}

const TOO_MANY: HttpReply = { status: 429 };
// A rejected request's body is never read: close the connection rather than drain it.
const TOO_MANY_CLOSE: HttpReply = { status: 429, headers: { Connection: "close" } };

const hasBody = (headers: Readonly<Record<string, string | string[] | undefined>>): boolean =>
  headers["transfer-encoding"] !== undefined ||
  (headers["content-length"] !== undefined && headers["content-length"] !== "0");

/**
 * Builds the limiter of the spec's Limits table on rate-limiter-flexible. Every window is fixed and starts at
 * its key's first hit. The general per-IP limit and the block share one counter per IP: it counts every request
 * (rejected ones too) up to `blockAbove`, past which rate-limiter-flexible blocks the key for `blockSeconds`.
 * The narrower limits (auth per IP, public token, MCP) are asked only when the per-IP limit let the request
 * through; the auth budget of a credential only after that, once the credential is accepted, and the budgets
 * counted by the body (an MCP batch, an exchange's code) once it is read.
 * On Redis, a store error falls back to a per-process memory limiter rather than failing requests.
 */
export const createRateLimiter = (options: RateLimiterOptions): RateLimiter => {
  const settings: RateLimitSettings = { ...SPEC_RATE_LIMITS, ...options.settings };
  const { store, logger } = options;
  const prefix = options.keyPrefix ?? "apar:rl";
  const headerPrefix = options.headerPrefix ?? "service";
  const proxies = trustedProxies(options.trustedProxies ?? []);

  const bucket = (name: string, points: number, blockSeconds = 0): RateLimiterAbstract => {
    const base: IRateLimiterOptions = {
      keyPrefix: `${prefix}:${name}`,
      points,
      duration: settings.windowSeconds,
      blockDuration: blockSeconds,
    };
    if (store.kind === "memory") return new RateLimiterMemory(base);
    return new RateLimiterRedis({
      ...base,
      storeClient: store.client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(base),
      // Requests of a blocked IP are answered from this process's memory for the rest of the block, without
      // asking Redis. points + 2: the request that crosses the threshold must still write the block to Redis
      // (the library skips that for counts at or past this option), and without an in-memory duration the
      // library keeps the key for the TTL Redis reports, so every instance ends the block when Redis does.
      ...(blockSeconds > 0 ? { inMemoryBlockOnConsumed: points + 2 } : {}),
    });
  };

  const perIp = bucket("ip", settings.blockAbove, settings.blockSeconds);
  const auth = bucket("auth", settings.auth);
  const authPerIp = bucket("auth-ip", settings.authPerIp);
  const publicToken = bucket("token", settings.publicToken);
  const mcp = bucket("mcp", settings.mcp);
  const inbound = bucket("inbound", settings.inbound);

  /** The key's count in its window, this request included; infinite when the limiter itself rejected it. */
  const take = async (limiter: RateLimiterAbstract, key: string, points = 1): Promise<number> => {
    try {
      return (await limiter.consume(key, points)).consumedPoints;
    } catch (error) {
      if (error instanceof RateLimiterRes) return Number.POSITIVE_INFINITY;
      // Only reachable without an insurance limiter: let the request through rather than fail it.
      logger?.error({ err: error }, "rate limiter store failed; request let through");
      return 0;
    }
  };

  /** True when the narrower limit of the route (if any) lets the request through. */
  const narrowAllows = async (route: RouteDef, req: Request, ip: string): Promise<boolean> => {
    switch (route.limit) {
      case "auth":
        return (await take(authPerIp, ip)) <= settings.authPerIp;
      case "public-token": {
        const key = tokenKey(route, (req.params ?? {}) as Record<string, string>);
        return key === undefined || (await take(publicToken, key)) <= settings.publicToken;
      }
      case "mcp": {
        const key = credentialKey(req.headers, headerPrefix);
        return key === undefined || (await take(mcp, key)) <= settings.mcp;
      }
      default:
        return true;
    }
  };

  const hook: BeforeRouteHook = async ({ req, route }) => {
    const ip = clientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxies);
    const rejected = hasBody(req.headers) ? TOO_MANY_CLOSE : TOO_MANY;
    // Inbound receivers have their own per-IP budget, outside the general one and its block.
    if (route?.limit === "inbound") return (await take(inbound, ip)) <= settings.inbound ? undefined : rejected;
    if ((await take(perIp, ip)) > settings.perIp) return rejected;
    return route === undefined || (await narrowAllows(route, req, ip)) ? undefined : rejected;
  };

  const afterAuthenticate: BeforeRouteHook = async ({ req, route }) => {
    // Routes without a credential (the exchange) spend the budget of their body's key, once it is read.
    if (route?.limit !== "auth" || route.limitKeyMember !== undefined) return undefined;
    const key = credentialKey(req.headers, headerPrefix);
    if (key === undefined || (await take(auth, key)) <= settings.auth) return undefined;
    return hasBody(req.headers) ? TOO_MANY_CLOSE : TOO_MANY;
  };

  /** Gives points back (a refused batch keeps only the one request it was); a store failure keeps them spent. */
  const giveBack = async (limiter: RateLimiterAbstract, key: string, points: number): Promise<void> => {
    await limiter.reward(key, points).catch((error: unknown) => {
      logger?.warn({ err: error }, "rate limiter could not give points back");
    });
  };

  const afterBody: AfterBodyHook = async ({ req, route, json, form }) => {
    if (route?.limit === "mcp" && Array.isArray(json) && json.length > 1) {
      const key = credentialKey(req.headers, headerPrefix);
      if (key === undefined) return undefined;
      const more = json.length - 1;
      if ((await take(mcp, key, more)) <= settings.mcp) return undefined;
      await giveBack(mcp, key, more);
      return TOO_MANY;
    }
    if (route?.limit === "auth" && route.limitKeyMember !== undefined) {
      const value =
        json !== null && typeof json === "object" && !Array.isArray(json)
          ? (json as Record<string, unknown>)[route.limitKeyMember]
          : form?.get(route.limitKeyMember);
      if (typeof value !== "string" || value === "") return undefined;
      return (await take(auth, `${route.limitKeyMember}:${digestKey(value)}`)) <= settings.auth ? undefined : TOO_MANY;
    }
    return undefined;
  };

  return { settings, hook, afterAuthenticate, afterBody };
};
