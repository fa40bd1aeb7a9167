import { ApiKeyView, decode, listEnvelope, NewApiKeyView, notFound, toJsonSchema } from "@apar/core";
import { CreateApiKeyBody, createApiKey, listApiKeys, revokeApiKey } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type * as t from "io-ts";
import { jsonBody, type RouteDef } from "../route.js";
import {
  clientAuth,
  LIST_PARAMETERS,
  listSchema,
  NO_STORE,
  pageOf,
  pathId,
  reply,
  type TenancyRouteDeps,
} from "./support.js";
import { apiKeyView } from "./views.js";

const TAG = "api-keys";

/** A client's API keys: create (the raw key shown once), list, revoke. Client administrators only. */
export const apiKeyRoutes = (deps: TenancyRouteDeps): RouteDef[] => [
  {
    method: "POST",
    path: "/v1/api-keys",
    operationId: "createApiKey",
    summary: "Create an API key for the client",
    description: "The answer is the only place the key (rawKey) appears; only its hash is stored.",
    tags: [TAG],
    access: { scope: "client" },
    requestBody: jsonBody(CreateApiKeyBody, { required: false }),
    responses: {
      "201": {
        description: "The key, shown once.",
        schema: toJsonSchema(NewApiKeyView),
      },
    },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      // The body is optional: no body is a key with no name that never expires.
      const input = decode(CreateApiKeyBody, ctx.json ?? {});
      if (E.isLeft(input)) return input.left;
      return reply(
        createApiKey(deps())({ scope: { kind: "clients", clientIds: [client.id] }, ...input.right }),
        201,
        ({ apiKey, rawKey }) =>
          ({
            id: apiKey.id,
            clientId: client.id,
            rawKey,
            keyPrefix: apiKey.keyPrefix,
            name: apiKey.name,
            createdAt: apiKey.createdAt.toISOString(),
            expiresAt: apiKey.expiresAt?.toISOString() ?? null,
          }) satisfies t.TypeOf<typeof NewApiKeyView>,
        NO_STORE,
      );
    },
  },
  {
    method: "GET",
    path: "/v1/api-keys",
    operationId: "listApiKeys",
    summary: "List the client's API keys (never the keys themselves)",
    tags: [TAG],
    access: { scope: "client" },
    parameters: LIST_PARAMETERS,
    responses: { "200": { description: "One page of keys.", schema: listSchema(ApiKeyView) } },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      const page = pageOf(ctx);
      if (E.isLeft(page)) return page.left;
      const keys = await listApiKeys(deps().db.stores, client.id, page.right);
      return { status: 200, body: listEnvelope(keys, (k) => apiKeyView(k, client.id)) };
    },
  },
  {
    method: "DELETE",
    path: "/v1/api-keys/{id}",
    operationId: "revokeApiKey",
    summary: "Revoke an API key (effective at once)",
    description: "Requests with the key answer 401 from the next one on. Revoking a revoked key is a no-op.",
    tags: [TAG],
    access: { scope: "client" },
    responses: {
      "204": { description: "Revoked." },
      "403": { description: "The key also serves other clients; the operator revokes it (ApiKey.Shared)." },
      "404": { description: "No such key of this client (ApiKey.NotFound)." },
    },
    handler: async (ctx) => {
      const { client } = clientAuth(ctx);
      const id = pathId(ctx);
      if (id === undefined) return notFound("ApiKey.NotFound", "The API key does not exist.");
      return reply(revokeApiKey(deps())({ id, clientId: client.id }), 204, () => undefined);
    },
  },
];
