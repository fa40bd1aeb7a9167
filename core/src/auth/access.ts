import type { Module } from "../tenancy/model.js";

/**
 * What a route asks of the caller, as data (the HTTP adapter enforces it and documents it):
 * - `none`: public; no credential is read.
 * - `credential`: any valid credential; no client is resolved (fixed reference data such as industries).
 * - `operator`: operator API keys only (keys whose scope is every client).
 * - `client`: a credential resolved to one client (the client header when it spans several).
 * - `organisation`: as `client`, plus the organisation header naming an organisation the caller acts in.
 */
export type AccessScope = "none" | "credential" | "operator" | "client" | "organisation";

export interface Access {
  readonly scope: AccessScope;
  /** The module the client's plan must include (403 `Module.NotEntitled` otherwise). */
  readonly module?: Module;
  /** `api_key`: bearer tokens are refused with 403 (issuing auth codes). Default `any`. */
  readonly credentials?: "any" | "api_key";
  /**
   * The resource named in client-resolution errors: `Company` answers `Company.MissingClientId` and
   * `Company.NotFound` (the spec's codes for company routes). Default `Client`.
   */
  readonly resource?: string;
  /**
   * `organisation` scope only: the path parameter that names the organisation, instead of the organisation header
   * (`/mcp/{organisationId}`, the hosted service's form). The path wins over a header that says otherwise.
   */
  readonly organisationParam?: string;
}

/** True when the scope needs a credential. */
export const needsCredential = (access: Access): boolean => access.scope !== "none";

/** True when the scope resolves one client (and so reads the client header). */
export const resolvesClient = (access: Access): boolean => access.scope === "client" || access.scope === "organisation";
