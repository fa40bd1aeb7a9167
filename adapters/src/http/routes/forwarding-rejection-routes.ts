import { decode, forwardingRejectionResponse, Limit } from "@apar/core";
import { listForwardingRejections } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import type { RouteDef } from "../route.js";
import { clientAuth, companyVisibility, idOf, reply, type TenancyRouteDeps } from "./support.js";

const REJECTION_SCHEMA = {
  type: "object",
  description: "BillForwardingRejectionResponse: one forward a company did not accept (metadata only).",
  required: [
    "id",
    "fromAddress",
    "fromDomain",
    "subject",
    "attachmentCount",
    "attachmentSummary",
    "reason",
    "authResult",
    "dkimResult",
    "spfResult",
    "receivedAt",
  ],
  properties: {
    id: { type: "string", format: "uuid" },
    fromAddress: { type: "string" },
    fromDomain: { type: "string" },
    subject: { type: ["string", "null"] },
    attachmentCount: { type: "integer", format: "int32" },
    attachmentSummary: { type: ["string", "null"], description: "`name (type)` per attachment; bytes are not stored." },
    reason: { type: "string", enum: ["SenderNotAllowed", "AuthenticationFailed"] },
    authResult: { type: "string", enum: ["Unknown", "Pass", "Fail"] },
    dkimResult: { type: "string", enum: ["Unknown", "Pass", "Fail"] },
    spfResult: { type: "string", enum: ["Unknown", "Pass", "Fail"] },
    receivedAt: { type: "string", format: "date-time" },
  },
} as const;

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
        schema: { type: "array", items: REJECTION_SCHEMA },
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
