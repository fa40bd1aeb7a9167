import * as http from "node:http";
import * as https from "node:https";
import type { Duplex } from "node:stream";
import { rootCertificates } from "node:tls";
import { forbiddenAddressReason, type UrlPolicy } from "@apar/core";

type ConnectionCallback = (err: Error | null, stream: Duplex) => void;

/** Refuses a connection whose host is not a checked, allowed IP address; undefined when it may go ahead. */
const refusal = (options: http.ClientRequestArgs, policy: UrlPolicy): Error | undefined => {
  const host = String(options.host ?? "");
  const reason = forbiddenAddressReason(host, policy);
  return reason === undefined ? undefined : new Error(`refused to connect to ${host} (${reason})`);
};

/** A keep-alive http agent that checks the (pinned IP) host of every new connection against the policy. */
class CheckedHttpAgent extends http.Agent {
  constructor(
    options: http.AgentOptions,
    private readonly policy: UrlPolicy,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback): Duplex | null | undefined {
    const error = refusal(options, this.policy);
    if (error === undefined) return super.createConnection(options, callback);
    callback?.(error, undefined as unknown as Duplex);
    return undefined;
  }
}

/** The https twin of CheckedHttpAgent (TLS keeps the host name as SNI; the socket goes to the pinned IP). */
class CheckedHttpsAgent extends https.Agent {
  constructor(
    options: https.AgentOptions,
    private readonly policy: UrlPolicy,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback): Duplex | null | undefined {
    const error = refusal(options, this.policy);
    if (error === undefined) return super.createConnection(options, callback);
    callback?.(error, undefined as unknown as Duplex);
    return undefined;
  }
}

export interface CheckedAgents {
  readonly http: http.Agent;
  readonly https: https.Agent;
}

export type ExtraCa = string | Uint8Array | readonly (string | Uint8Array)[];

/** Keep-alive agents (pooled per pinned IP, port and server name) that re-check every connection they open. */
export const createCheckedAgents = (policy: UrlPolicy, extraCa?: ExtraCa): CheckedAgents => {
  // Idle sockets close before a typical server's 5 s keep-alive does, so a reused socket is rarely a reset one.
  const pool = { keepAlive: true, maxSockets: 64, maxFreeSockets: 64, timeout: 4_000, scheduling: "lifo" } as const;
  const extra = extraCa === undefined ? [] : Array.isArray(extraCa) ? extraCa : [extraCa as string | Uint8Array];
  // Setting `ca` replaces Node's roots; extra CAs (a private network's, or a test's) are added to them.
  const ca = extra.length === 0 ? undefined : [...rootCertificates, ...extra.map((c) => Buffer.from(c))];
  return {
    http: new CheckedHttpAgent(pool, policy),
    https: new CheckedHttpsAgent(ca === undefined ? pool : { ...pool, ca }, policy),
  };
};
