import type { RouteDef } from "@apar/adapters/http/index";
import { ActorCodec, decode, NonEmptyTrimmedString, nullable, toJsonSchema, Uuid } from "@apar/core";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";

/** What a probe answers: how the server resolved the request. */
const resolved: RouteDef["handler"] = async (ctx) => ({
  status: 200,
  body: {
    clientId: ctx.auth?.client?.id ?? null,
    organisationId: ctx.auth?.organisation?.id ?? null,
    roles: ctx.auth?.roles ?? [],
    clientAdministrator: ctx.auth?.clientAdministrator ?? null,
    actor: ctx.auth?.actor ?? null,
  },
});

/** The schema of what a probe answers. */
const RESOLVED = {
  description: "Resolved.",
  schema: toJsonSchema(
    t.type({
      clientId: nullable(Uuid),
      organisationId: nullable(Uuid),
      roles: t.array(t.string),
      clientAdministrator: nullable(t.boolean),
      actor: nullable(ActorCodec),
    }),
  ),
};

/** Routes with each kind of access, for the rules no tenancy route needs yet (organisation scope, modules). */
export const probeRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/v1/probe/organisation",
    operationId: "probeOrganisation",
    summary: "Organisation scope",
    tags: ["probe"],
    access: { scope: "organisation" },
    responses: { "200": RESOLVED },
    handler: resolved,
  },
  {
    method: "POST",
    path: "/v1/probe/organisation",
    operationId: "probeOrganisationBody",
    summary: "Organisation scope with a body",
    tags: ["probe"],
    access: { scope: "organisation", module: "inbox" },
    requestBody: { schema: { type: "object" } },
    responses: { "200": RESOLVED },
    handler: async (ctx) => {
      const body = decode(t.type({ name: NonEmptyTrimmedString(10) }), ctx.json);
      return E.isLeft(body) ? body.left : resolved(ctx);
    },
  },
  {
    method: "GET",
    path: "/v1/probe/companies",
    operationId: "probeCompanies",
    summary: "Client scope with the inbox module and company codes",
    tags: ["probe"],
    access: { scope: "client", module: "inbox", resource: "Company" },
    responses: { "200": RESOLVED },
    handler: resolved,
  },
];
