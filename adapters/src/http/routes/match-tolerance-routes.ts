import { getTolerances, putTolerances, TolerancesBody } from "@apar/core/app";
import { jsonBody, type RouteDef } from "../route.js";
import { ACCESS, invalid, type MatchingRouteDeps, scope, TAG, TOLERANCES_SCHEMA } from "./matching-support.js";
import { reply, withBody } from "./support.js";

/** The organisation's matching tolerances. */
export const matchToleranceRoutes = (deps: MatchingRouteDeps): RouteDef[] => {
  return [
    {
      method: "GET",
      path: "/v1/match-tolerances",
      operationId: "getMatchTolerances",
      summary: "The organisation's matching tolerances",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The tolerances.", schema: TOLERANCES_SCHEMA } },
      handler: (ctx) => reply(getTolerances(deps())(scope(ctx)), 200, (t) => t),
    },
    {
      method: "PUT",
      path: "/v1/match-tolerances",
      operationId: "putMatchTolerances",
      summary: "Replace the organisation's matching tolerances (absent members take the defaults)",
      tags: [TAG],
      access: ACCESS,
      responses: { "200": { description: "The tolerances.", schema: TOLERANCES_SCHEMA }, "400": invalid },
      handler: (ctx) =>
        withBody(TolerancesBody, ctx, (b) => reply(putTolerances(deps())(scope(ctx), b), 200, (t) => t)),
      requestBody: jsonBody(TolerancesBody),
    },
  ];
};
