import { decode, ForwardingRejectionView, forwardingRejectionResponse, Limit, toJsonSchema } from "@apar/core";
import { listForwardingRejections } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import type { RouteDef } from "../route.js";
import { clientAuth, companyVisibility, idOf, reply, type TenancyRouteDeps } from "./support.js";

/** `GET /v1/companies/{companyId}/forwarding-rejections`, exactly as the spec details it. */
export const forwardingRejectionRoutes = (deps: TenancyRouteDeps): RouteDef[] => [
  {
    method: "GET",
    path: "/v1/companies/{companyId}/forwarding-rejections",
    operationId: "listForwardingRejections",
    summary: "List the forwards a company rejected, newest first",
    tags: ["companies"],
    access: { scope: "client", module: "inbox", resource: "Company" },
    parameters: [
      {
        name: "Limit",
        in: "query",
        description: "Maximum rejections returned: 1 to 100 (default 20); also accepted as an integer string.",
        schema: { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 20 },
      },
    ],
    responses: {
      "200": {
        description: "The rejections, newest first (a plain array).",
        schema: toJsonSchema(t.readonlyArray(ForwardingRejectionView)),
      },
      "400": { description: "`Company.MissingClientId`: the credential spans several clients; or `Limit` is invalid." },
      "403": { description: "`Module.NotEntitled`: the client's plan does not include the inbox module." },
      "404": {
        description:
          "`Company.NotFound`: the company does not exist, belongs to another client, or is linked to none of the " +
          "caller's organisations (for callers who are not client administrators).",
      },
    },
    handler: async (ctx) => {
      const { auth, client } = clientAuth(ctx);
      const limit = decode(Limit, ctx.query.get("limit"), "Limit");
      if (E.isLeft(limit)) return limit.left;
      // A malformed id is answered like a missing company (the listing never tells them apart).
      return reply(
        listForwardingRejections(deps())({
          clientId: client.id,
          companyId: idOf(ctx, "companyId"),
          limit: limit.right,
          visibleTo: companyVisibility(auth),
        }),
        200,
        (rejections) => rejections.map(forwardingRejectionResponse),
      );
    },
  },
];
