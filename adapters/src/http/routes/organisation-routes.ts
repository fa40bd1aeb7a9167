import {
  type Client,
  type DomainError,
  domainError,
  encodeIdCursor,
  INDUSTRIES,
  IndustryView,
  industryOf,
  listEnvelope,
  notFound,
  type Organisation,
  OrganisationView,
  type RequestAuth,
  validationError,
} from "@apar/core";
import {
  AddMemberBody,
  addOrganisationMember,
  CreateOrganisationBody,
  CreateUserBody,
  createOrganisation,
  createUser,
  listOrganisations,
  organisationOf,
  renameOrganisation,
  UpdateOrganisationBody,
  userWithMemberships,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteContext, type RouteDef } from "../route.js";
import {
  clientAuth,
  decodeBody,
  forbidden,
  LIST_PARAMETERS,
  listSchema,
  pageOf,
  pathId,
  reply,
  type TenancyRouteDeps,
} from "./support.js";
import { MEMBER_SCHEMA, memberView, ORGANISATION_SCHEMA, organisationView, USER_SCHEMA, userView } from "./views.js";

const TAG = "tenancy";

// Industry ids are not UUIDs; the list's cursor is the keyset cursor of a UUID holding the next position.
const POSITION = /^00000000-0000-0000-0000-(\d{12})$/;
const industryCursor = (position: number): string =>
  encodeIdCursor(`00000000-0000-0000-0000-${String(position).padStart(12, "0")}`);
const industryPosition = (after: string): number | undefined => {
  const m = POSITION.exec(after);
  return m === null ? undefined : Number(m[1]);
};
const orgNotFound = () => notFound("Organisation.NotFound", "The organisation does not exist.");

/** The caller's roles in an organisation, from its token (API keys and client administrators act as Admin). */
const rolesIn = (auth: RequestAuth, organisationId: string): readonly string[] | undefined => {
  if (auth.clientAdministrator) return ["Admin"];
  if (auth.principal.kind !== "user") return undefined;
  return auth.principal.claims.memberships.find((m) => m.organisationId === organisationId)?.roles;
};

/**
 * The organisation of the path when the caller is its Admin (or a client administrator); another organisation of
 * the client answers like a missing one to a caller who is not in it, and 403 to one who is but not as Admin.
 */
const administeredOrganisation = async (
  deps: TenancyRouteDeps,
  ctx: RouteContext,
  toDo: string,
): Promise<{ client: Client; organisation: Organisation } | DomainError> => {
  const { auth, client } = clientAuth(ctx);
  const id = pathId(ctx);
  const organisation = id === undefined ? undefined : await organisationOf(deps().db.stores, client.id, id);
  const roles = organisation === undefined ? undefined : rolesIn(auth, organisation.id);
  if (organisation === undefined || roles === undefined) return orgNotFound();
  if (!roles.includes("Admin"))
    return forbidden("Organisation.AdminRequired", `Only the organisation's Admins may ${toDo}.`);
  return { client, organisation };
};

/** Organisations, their members, users and the industry list. */
export const organisationRoutes = (deps: TenancyRouteDeps): RouteDef[] => [
  {
    method: "POST",
    path: "/v1/organisations",
    operationId: "createOrganisation",
    summary: "Create an organisation of the client",
    description: "Client administrators only. industryId is one of GET /v1/industries.",
    tags: [TAG],
    access: { scope: "client" },
    requestBody: jsonBody(CreateOrganisationBody),
    responses: { "201": { description: "The organisation.", schema: ORGANISATION_SCHEMA } },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      const input = decodeBody(CreateOrganisationBody, ctx);
      if (E.isLeft(input)) return input.left;
      const { industryId } = input.right;
      if (industryId != null && industryOf(industryId) === undefined)
        return validationError([
          { field: "industryId", code: "unknown", message: "industryId must be an id from GET /v1/industries" },
        ]);
      return reply(createOrganisation(deps())({ clientId: client.id, ...input.right }), 201, organisationView);
    },
  },
  {
    method: "GET",
    path: "/v1/organisations",
    operationId: "listOrganisations",
    summary: "List the client's organisations",
    description: "Client administrators only; users find theirs in the answer of /v1/auth/exchange.",
    tags: [TAG],
    access: { scope: "client" },
    parameters: LIST_PARAMETERS,
    responses: { "200": { description: "One page of organisations.", schema: listSchema(OrganisationView) } },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      const orgs = await listOrganisations(deps().db.stores, client.id, page.right);
      return { status: 200, body: listEnvelope(orgs, organisationView) };
    },
  },
  {
    method: "GET",
    path: "/v1/organisations/{id}",
    operationId: "getOrganisation",
    summary: "Fetch an organisation",
    description: "Client administrators and the organisation's members.",
    tags: [TAG],
    access: { scope: "client" },
    responses: {
      "200": { description: "The organisation.", schema: ORGANISATION_SCHEMA },
      "404": {
        description: "No such organisation of this client, or one the caller is not in (Organisation.NotFound).",
      },
    },
    handler: async (ctx) => {
      const { auth, client } = clientAuth(ctx);
      const id = pathId(ctx);
      const organisation: Organisation | undefined =
        id === undefined ? undefined : await organisationOf(deps().db.stores, client.id, id);
      // Another organisation of the client answers like a missing one to a caller who is not in it.
      if (organisation === undefined || rolesIn(auth, organisation.id) === undefined) return orgNotFound();
      return { status: 200, body: organisationView(organisation) };
    },
  },
  {
    method: "PATCH",
    path: "/v1/organisations/{id}",
    operationId: "updateOrganisation",
    summary: "Rename an organisation",
    description:
      "Client administrators and the organisation's Admins. The name is what customer-facing texts use when the " +
      "organisation has no seller identity (trading or legal name).",
    tags: [TAG],
    access: { scope: "client" },
    requestBody: jsonBody(UpdateOrganisationBody),
    responses: {
      "200": { description: "The organisation.", schema: ORGANISATION_SCHEMA },
      "404": {
        description: "No such organisation of this client, or one the caller is not in (Organisation.NotFound).",
      },
    },
    handler: async (ctx) => {
      const found = await administeredOrganisation(deps, ctx, "rename it");
      if (!("organisation" in found)) return found;
      const input = decodeBody(UpdateOrganisationBody, ctx);
      if (E.isLeft(input)) return input.left;
      return reply(
        renameOrganisation(deps())({ clientId: found.client.id, id: found.organisation.id, name: input.right.name }),
        200,
        organisationView,
      );
    },
  },
  {
    method: "POST",
    path: "/v1/organisations/{id}/users",
    operationId: "addOrganisationUser",
    summary: "Add a person to an organisation by email",
    description:
      "A user of the client with that email is added (never duplicated); otherwise a user is created. " +
      "Role defaults to Member. Client administrators and the organisation's Admins.",
    tags: [TAG],
    access: { scope: "client" },
    requestBody: jsonBody(AddMemberBody),
    responses: {
      "201": { description: "The membership.", schema: MEMBER_SCHEMA },
      "404": {
        description: "No such organisation of this client, or one the caller is not in (Organisation.NotFound).",
      },
      "409": { description: "Already a member (Membership.Exists)." },
    },
    handler: async (ctx) => {
      const found = await administeredOrganisation(deps, ctx, "add people to it");
      if (!("organisation" in found)) return found;
      const input = decodeBody(AddMemberBody, ctx);
      if (E.isLeft(input)) return input.left;
      return reply(
        addOrganisationMember(deps())({
          clientId: found.client.id,
          organisationId: found.organisation.id,
          email: input.right.email,
          name: input.right.name,
          roles: [input.right.role ?? "Member"],
        }),
        201,
        (added) => memberView(added.user, added.membership),
      );
    },
  },
  {
    method: "POST",
    path: "/v1/users",
    operationId: "createUser",
    summary: "Create a user of the client",
    description:
      "Client administrators only; granting the Owner client role takes an API key or an Owner. " +
      "With organisationId the user joins that organisation at once (role default Member).",
    tags: [TAG],
    access: { scope: "client" },
    requestBody: jsonBody(CreateUserBody),
    responses: {
      "201": { description: "The user.", schema: USER_SCHEMA },
      "409": { description: "A user with this email exists (User.EmailTaken)." },
    },
    handler: async (ctx) => {
      const { auth, client } = clientAuth(ctx);
      const input = decodeBody(CreateUserBody, ctx);
      if (E.isLeft(input)) return input.left;
      const { email, name, clientRoles, organisationId, role } = input.right;
      if (
        clientRoles?.includes("Owner") === true &&
        auth.principal.kind === "user" &&
        !auth.principal.claims.clientRoles.includes("Owner")
      )
        return forbidden("Auth.OwnerRequired", "Only an Owner (or an API key) may make another Owner.");
      const roles = [role ?? "Member"] as const;
      return reply(
        createUser(deps())({
          clientId: client.id,
          email,
          name,
          clientRoles: clientRoles ?? [],
          ...(organisationId === undefined ? {} : { organisation: { id: organisationId, roles } }),
        }),
        201,
        (user) =>
          userView(
            user,
            organisationId === undefined ? [] : [{ userId: user.id, organisationId, roles, createdAt: user.createdAt }],
          ),
      );
    },
  },
  {
    method: "GET",
    path: "/v1/users/{id}",
    operationId: "getUser",
    summary: "Fetch a user of the client with their memberships",
    description: "Client administrators, and users themselves.",
    tags: [TAG],
    access: { scope: "client" },
    responses: {
      "200": { description: "The user.", schema: USER_SCHEMA },
      "404": { description: "No such user of this client (User.NotFound)." },
    },
    handler: async (ctx) => {
      const { auth, client } = clientAuth(ctx);
      const id = pathId(ctx);
      const self = auth.principal.kind === "user" && auth.principal.claims.userId === id;
      // Another user of the client is not a client administrator's business only: it answers like a missing one.
      if (!auth.clientAdministrator && !self) return notFound("User.NotFound", "The user does not exist.");
      const found = id === undefined ? undefined : await userWithMemberships(deps().db.stores, client.id, id);
      if (found === undefined) return notFound("User.NotFound", "The user does not exist.");
      return { status: 200, body: userView(found.user, found.memberships) };
    },
  },
  {
    method: "GET",
    path: "/v1/industries",
    operationId: "listIndustries",
    summary: "List the industries an organisation may name",
    description: "A fixed list; ids are stable.",
    tags: [TAG],
    access: { scope: "credential" },
    parameters: LIST_PARAMETERS,
    responses: {
      "200": {
        description: "One page of industries.",
        schema: listSchema(IndustryView),
      },
    },
    handler: async (ctx) => {
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      // Industry ids are not UUIDs: the cursor carries the position after the last one shown.
      const start = page.right.after === undefined ? 0 : industryPosition(page.right.after);
      if (start === undefined)
        return domainError("BadRequest", "Request.InvalidCursor", "The cursor is not valid.", [
          { field: "Cursor", code: "invalid", message: "Cursor is not a cursor this list gave out" },
        ]);
      const items = INDUSTRIES.slice(start, start + page.right.limit);
      const hasMore = start + items.length < INDUSTRIES.length;
      return {
        status: 200,
        body: {
          data: items,
          nextCursor: hasMore ? industryCursor(start + items.length) : null,
          hasMore,
        },
      };
    },
  },
];
