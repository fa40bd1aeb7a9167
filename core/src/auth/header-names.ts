/** The credential and tenancy header names for a brand word (`service` -> `x-service-api-key`). */
export interface HeaderNames {
  readonly apiKey: string;
  readonly clientId: string;
  readonly organisationId: string;
}

/** Header names for `APAR_HEADER_PREFIX` (lower case, as node presents request headers). */
export const headerNames = (prefix: string): HeaderNames => ({
  apiKey: `x-${prefix}-api-key`,
  clientId: `x-${prefix}-client-id`,
  organisationId: `x-${prefix}-organisation-id`,
});
