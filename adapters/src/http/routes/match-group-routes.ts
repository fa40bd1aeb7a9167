import { listEnvelope, MatchGroupSummaryView, matchGroupSummary } from "@apar/core";
import {
  AllocationBody,
  addAllocation,
  addResolution,
  createMatchGroup,
  getMatchGroup,
  listMatchGroups,
  MatchGroupBody,
  ResolutionBody,
  removeAllocation,
  removeResolution,
  syncMatchGroup,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import { ACCESS, group, invalid, list, type MatchingRouteDeps, missing, scope, TAG, who } from "./matching-support.js";
import { idOf, LIST_PARAMETERS, pageOf, reply, withBody } from "./support.js";

/** Match groups: a bill with its orders and receipts, its allocations and its resolutions. */
export const matchGroupRoutes = (deps: MatchingRouteDeps): RouteDef[] => {
  return [
    {
      method: "POST",
      path: "/v1/match-groups",
      operationId: "createMatchGroup",
      summary: "Match a bill against purchase orders and delivery notes (lines matched automatically)",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "201": group,
        "400": invalid,
        "409": {
          description:
            "`MatchGroup.Exists`: the bill has a group; `MatchGroup.BillClosed`: the bill is Paid or Voided.",
        },
      },
      handler: (ctx) =>
        withBody(MatchGroupBody, ctx, (b) => {
          const w = who(ctx);
          return reply(createMatchGroup(deps())(w.scope, w.actor, b), 201, (g) => g);
        }),
      requestBody: jsonBody(MatchGroupBody),
    },
    {
      method: "GET",
      path: "/v1/match-groups",
      operationId: "listMatchGroups",
      summary: "List match groups (status as last recorded)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": list(MatchGroupSummaryView) },
      handler: async (ctx) => {
        const page = pageOf(ctx);
        return E.isLeft(page)
          ? page.left
          : reply(listMatchGroups(deps())(scope(ctx), page.right), 200, (p) => listEnvelope(p, matchGroupSummary));
      },
      parameters: LIST_PARAMETERS,
    },
    {
      method: "GET",
      path: "/v1/match-groups/{id}",
      operationId: "getMatchGroup",
      summary: "Fetch a match group with lines, allocations and variances (computed now)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": missing("MatchGroup") },
      handler: (ctx) => reply(getMatchGroup(deps())(scope(ctx), idOf(ctx)), 200, (g) => g),
    },
    {
      method: "GET",
      path: "/v1/bills/{id}/match-group",
      operationId: "getBillMatchGroup",
      summary: "The match group of a bill",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": { description: "`Bill.NotFound` or `MatchGroup.NotFound`." } },
      handler: (ctx) => reply(getMatchGroup(deps())(scope(ctx), idOf(ctx), true), 200, (g) => g),
    },
    {
      method: "POST",
      path: "/v1/match-groups/{id}/allocations",
      operationId: "addMatchAllocation",
      summary: "Allocate a bill line to an order and/or receipt line",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "400": invalid, "404": missing("MatchGroup") },
      handler: (ctx) =>
        withBody(AllocationBody, ctx, (b) => {
          const w = who(ctx);
          return reply(addAllocation(deps())(w.scope, w.actor, idOf(ctx), b), 200, (g) => g);
        }),
      requestBody: jsonBody(AllocationBody),
    },
    {
      method: "DELETE",
      path: "/v1/match-groups/{id}/allocations/{allocationId}",
      operationId: "removeMatchAllocation",
      summary: "Remove an allocation",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": { description: "`MatchGroup.NotFound` or `Allocation.NotFound`." } },
      handler: (ctx) => {
        const w = who(ctx);
        return reply(removeAllocation(deps())(w.scope, w.actor, idOf(ctx), idOf(ctx, "allocationId")), 200, (g) => g);
      },
    },
    {
      method: "POST",
      path: "/v1/match-groups/{id}/resolutions",
      operationId: "addMatchResolution",
      summary:
        "Decide a bill line's variances (Accept, AcceptAndUpdateCatalog, RequestCreditNote, Dispute) with a reason",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": group,
        "400": invalid,
        "404": missing("MatchGroup"),
        "409": { description: "`Resolution.NoVariance`: the bill line has no variance to decide." },
      },
      handler: (ctx) =>
        withBody(ResolutionBody, ctx, (b) => {
          const w = who(ctx);
          return reply(addResolution(deps())(w.scope, w.actor, idOf(ctx), b), 200, (g) => g);
        }),
      requestBody: jsonBody(ResolutionBody),
    },
    {
      method: "DELETE",
      path: "/v1/match-groups/{id}/resolutions/{billLineId}",
      operationId: "removeMatchResolution",
      summary: "Withdraw the decision on a bill line (its 1-based number)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": group, "404": { description: "`MatchGroup.NotFound` or `Resolution.NotFound`." } },
      handler: (ctx) => {
        const w = who(ctx);
        const line = Number(ctx.params.billLineId);
        return reply(
          removeResolution(deps())(w.scope, w.actor, idOf(ctx), Number.isInteger(line) ? line : 0),
          200,
          (g) => g,
        );
      },
    },
    {
      method: "POST",
      path: "/v1/match-groups/{id}/sync",
      operationId: "syncMatchGroup",
      summary:
        "Mark a match group Synced: its approved bill is in an accounting system (a subscriber that booked it says so); a repeat changes nothing",
      tags: [TAG],
      access: ACCESS,
      responses: {
        "200": group,
        "404": missing("MatchGroup"),
        "409": {
          description:
            "`MatchGroup.BillNotPosted`: the bill is not approved (nothing was booked); `MatchGroup.InvalidTransition`: the group is in Variance.",
        },
      },
      handler: (ctx) => {
        const w = who(ctx);
        return reply(syncMatchGroup(deps())(w.scope, w.actor, idOf(ctx)), 200, (g) => g);
      },
    },
  ];
};
