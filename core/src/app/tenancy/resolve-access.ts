import * as E from "fp-ts/lib/Either.js";
import type { Access } from "../../auth/access.js";
import type { HeaderNames } from "../../auth/header-names.js";
import { actorOf, type Principal, type RequestAuth } from "../../auth/principal.js";
import type { AccessLookups } from "../../ports/access-lookups.js";
import { isUuid } from "../../shared/codecs/uuid.js";
import { type DomainError, domainError, validationError } from "../../shared/errors.js";
import type { Organisation } from "../../tenancy/model.js";
import { hasModule, isClientAdministrator, scopeCoversClient, soleClientOf } from "../../tenancy/rules.js";

/** The tenancy headers of a request (absent or empty: undefined). */
export interface TenancyHeaders {
  readonly clientId: string | undefined;
  readonly organisationId: string | undefined;
}

const badHeader = (name: string): DomainError =>
  validationError(
    [{ field: name, code: "uuid", message: `${name} must be a UUID` }],
    `The ${name} header is not valid.`,
  );

const forbidden = (code: string, detail: string): DomainError => domainError("Forbidden", code, detail);

/** The client ids a principal covers: a list, or every client. */
const coveredClients = (principal: Principal): readonly string[] | "all" => {
  if (principal.kind === "user") return [principal.claims.clientId];
  return principal.key.scope.kind === "operator" ? "all" : principal.key.scope.clientIds;
};

/** The one client a principal resolves to without the client header, if any. */
const soleClient = (principal: Principal): string | undefined =>
  principal.kind === "user" ? principal.claims.clientId : soleClientOf(principal.key.scope);

const covers = (principal: Principal, clientId: string): boolean =>
  principal.kind === "user" ? principal.claims.clientId === clientId : scopeCoversClient(principal.key.scope, clientId);

/**
 * Resolves what a request may do, in the order every route answers: credential kind, client (400 when the
 * credential spans several clients and the header is missing, 404 for a client outside the credential, exactly
 * as for a missing one), module (403), organisation header (400 missing, 404 not
 * of this client, 403 not a member).
 */
export const resolveAccess = async (
  access: Access,
  principal: Principal,
  headers: TenancyHeaders,
  lookups: AccessLookups,
  names: HeaderNames,
): Promise<E.Either<DomainError, RequestAuth>> => {
  const operator = principal.kind === "api_key" && principal.key.scope.kind === "operator";
  const base: RequestAuth = {
    principal,
    actor: actorOf(principal),
    operator,
    client: undefined,
    organisation: undefined,
    clientAdministrator: false,
    roles: [],
  };
  if (access.credentials === "api_key" && principal.kind !== "api_key")
    return E.left(forbidden("Auth.ApiKeyRequired", "This operation takes an API key, not a bearer token."));
  if (access.scope === "operator")
    return operator
      ? E.right(base)
      : E.left(forbidden("Auth.OperatorOnly", "This operation takes an operator API key."));
  if (access.scope !== "client" && access.scope !== "organisation") return E.right(base);

  const resource = access.resource ?? "Client";
  const notFound = domainError("NotFound", `${resource}.NotFound`, `The ${resource.toLowerCase()} does not exist.`);
  let clientId: string;
  if (headers.clientId !== undefined) {
    if (!isUuid(headers.clientId)) return E.left(badHeader(names.clientId));
    clientId = headers.clientId.toLowerCase();
    if (!covers(principal, clientId)) return E.left(notFound);
  } else {
    const sole = soleClient(principal);
    if (sole === undefined)
      return E.left(
        domainError(
          "BadRequest",
          `${resource}.MissingClientId`,
          `Client ID is required: this credential covers ${coveredClients(principal) === "all" ? "every client" : "several clients"}; name one in ${names.clientId}.`,
        ),
      );
    clientId = sole;
  }
  const foundClient = lookups.client(clientId);
  // Awaited only when it is a promise: a value held already costs no turn of the microtask queue.
  const client = foundClient instanceof Promise ? await foundClient : foundClient;
  if (client === undefined) return E.left(notFound);
  if (access.module !== undefined && !hasModule(client, access.module))
    return E.left(forbidden("Module.NotEntitled", `The client's plan does not include the ${access.module} module.`));
  const clientAdministrator = principal.kind === "api_key" || isClientAdministrator(principal.claims);
  const resolved: RequestAuth = { ...base, client, clientAdministrator };
  if (access.scope === "client") return E.right(resolved);

  if (headers.organisationId === undefined)
    return E.left(
      domainError(
        "BadRequest",
        "Organisation.MissingOrganisationId",
        `Organisation ID is required: name the organisation in ${names.organisationId}.`,
      ),
    );
  if (!isUuid(headers.organisationId)) return E.left(badHeader(names.organisationId));
  const foundOrganisation = lookups.organisation(client.id, headers.organisationId.toLowerCase());
  const organisation = foundOrganisation instanceof Promise ? await foundOrganisation : foundOrganisation;
  if (organisation === undefined)
    return E.left(domainError("NotFound", "Organisation.NotFound", "The organisation does not exist."));
  return actingIn(resolved, organisation);
};

/**
 * A caller resolved to a client, acting in one organisation of it with the roles held there: 403 for a user who is
 * not a member (client administrators and API keys act in every organisation of the client).
 */
export const actingIn = (resolved: RequestAuth, organisation: Organisation): E.Either<DomainError, RequestAuth> => {
  const principal = resolved.principal;
  const membership =
    principal.kind === "user"
      ? principal.claims.memberships.find((m) => m.organisationId === organisation.id)
      : undefined;
  if (membership === undefined && !resolved.clientAdministrator)
    return E.left(forbidden("Organisation.NotMember", "The caller is not a member of this organisation."));
  return E.right({ ...resolved, organisation, roles: membership?.roles ?? [] });
};
