import { ClientView, listEnvelope, notFound } from "@apar/core";
import {
  CreateClientBody,
  createClient,
  FLAT_CLIENT_SETTINGS,
  listClients,
  UpdateClientBody,
  updateClient,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import {
  clientAuth,
  decodeBody,
  LIST_PARAMETERS,
  listSchema,
  pageOf,
  pathId,
  reply,
  type TenancyRouteDeps,
} from "./support.js";
import { CLIENT_SCHEMA, CLIENT_SETTINGS_SCHEMA, clientSettingsView, clientView } from "./views.js";

const TAG = "tenancy";

/** Clients (operator keys) and the caller's client settings. */
export const clientRoutes = (deps: TenancyRouteDeps): RouteDef[] => [
  {
    method: "POST",
    path: "/v1/clients",
    operationId: "createClient",
    summary: "Create a client (operator)",
    description: "Modules default to all of them; type to Live.",
    tags: [TAG],
    access: { scope: "operator" },
    requestBody: jsonBody(CreateClientBody),
    responses: { "201": { description: "The client.", schema: CLIENT_SCHEMA } },
    handler: async (ctx) => {
      const input = decodeBody(CreateClientBody, ctx);
      if (E.isLeft(input)) return input.left;
      return reply(createClient(deps())(input.right), 201, clientView);
    },
  },
  {
    method: "GET",
    path: "/v1/clients",
    operationId: "listClients",
    summary: "List clients (operator)",
    tags: [TAG],
    access: { scope: "operator" },
    parameters: LIST_PARAMETERS,
    responses: { "200": { description: "One page of clients.", schema: listSchema(ClientView) } },
    handler: async (ctx) => {
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      return { status: 200, body: listEnvelope(await listClients(deps().db.stores, page.right), clientView) };
    },
  },
  {
    method: "PATCH",
    path: "/v1/clients/{clientId}",
    operationId: "updateClient",
    summary: "Change a client's name, type, modules or settings (operator)",
    description:
      "Settings are given flat, with the members GET /v1/client-settings answers (`logoUrl`, `primaryColour`, " +
      "`billReviewTimeAfterDueDate`, `paymentAllowedRedirectHosts`, `arEmailsEnabled`, `defaultPaymentTermsDays`), or " +
      "under `settings`; " +
      "only those given change. Any other member is a 400.",
    tags: [TAG],
    access: { scope: "operator" },
    requestBody: jsonBody(UpdateClientBody),
    responses: {
      "200": { description: "The client as changed.", schema: CLIENT_SCHEMA },
      "404": { description: "No such client (Client.NotFound)." },
    },
    handler: async (ctx) => {
      const id = pathId(ctx, "clientId");
      if (id === undefined) return notFound("Client.NotFound", "The client does not exist.");
      const input = decodeBody(UpdateClientBody, ctx);
      if (E.isLeft(input)) return input.left;
      const { name, type, modules, settings } = input.right;
      const flat = Object.fromEntries(
        FLAT_CLIENT_SETTINGS.filter((k) => k in input.right).map((k) => [k, input.right[k]]),
      );
      const given = settings === undefined && Object.keys(flat).length === 0 ? undefined : { ...settings, ...flat };
      return reply(
        updateClient(deps())({
          id,
          ...(name === undefined ? {} : { name }),
          ...(type === undefined ? {} : { type }),
          ...(modules === undefined ? {} : { modules }),
          ...(given === undefined ? {} : { settings: given }),
        }),
        200,
        clientView,
      );
    },
  },
  {
    method: "GET",
    path: "/v1/client-settings",
    operationId: "getClientSettings",
    summary: "Read the caller's client settings (branding and flags)",
    tags: [TAG],
    access: { scope: "client" },
    responses: { "200": { description: "The settings.", schema: CLIENT_SETTINGS_SCHEMA } },
    handler: async (ctx) => ({ status: 200, body: clientSettingsView(clientAuth(ctx).client) }),
  },
];
