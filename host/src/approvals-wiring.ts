import type { RouteDef } from "@apar/adapters/http/index";
import { approvalPolicyRoutes, billLifecycleRoutes } from "@apar/adapters/http/routes/approval-routes";
import type { Clock, Database, Ids } from "@apar/core";
import type { Container } from "inversify";
import { TOKENS } from "./tokens.js";

/** The approval policy and bill lifecycle routes; their database is read when a request runs. */
export const approvalRouteList = (c: Container): RouteDef[] => {
  const deps = {
    get database() {
      return c.get<Database>(TOKENS.Database);
    },
    get ids() {
      return c.get<Ids>(TOKENS.Ids);
    },
    get clock() {
      return c.get<Clock>(TOKENS.Clock);
    },
  };
  return [...approvalPolicyRoutes(deps), ...billLifecycleRoutes(deps)];
};
