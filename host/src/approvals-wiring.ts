import type { StreamingDocumentFiles } from "@apar/adapters/documents/index";
import type { RouteDef } from "@apar/adapters/http/index";
import { approvalPolicyRoutes, billLifecycleRoutes } from "@apar/adapters/http/routes/approval-routes";
import { matchingRoutes } from "@apar/adapters/http/routes/matching-routes";
import { publicApprovalRoutes } from "@apar/adapters/http/routes/public-approval-routes";
import { supplierCreditRoutes } from "@apar/adapters/http/routes/supplier-credit-routes";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { type ApprovalDeps, type JobsDeps, SEND_APPROVAL_LINKS_JOB } from "@apar/core/app";
import type { Clock, Database, Ids, Mailer } from "@apar/core/ports";
import type { Container } from "inversify";
import { BILL_TOKENS } from "./bills-wiring.js";
import type { Config } from "./config.js";
import { TOKENS } from "./tokens.js";

/** The database, clock and ids of the approval use cases, resolved when called (after the database opens). */
const approvalDeps = (c: Container): ApprovalDeps => ({
  db: c.get<Database>(TOKENS.Database),
  clock: c.get<Clock>(TOKENS.Clock),
  ids: c.get<Ids>(TOKENS.Ids),
});

/** The approval policy, bill lifecycle, public approval, matching and supplier credit routes; their database is read when a request runs. */
export const approvalRouteList = (c: Container): RouteDef[] => {
  const _config = c.get<Config>(TOKENS.Config);
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
  return [
    ...approvalPolicyRoutes(deps),
    ...billLifecycleRoutes(deps),
    ...publicApprovalRoutes({
      approvals: () => approvalDeps(c),
      files: () => c.get<StreamingDocumentFiles>(BILL_TOKENS.DocumentFiles),
    }),
    ...matchingRoutes({ deps: () => approvalDeps(c) }),
    ...supplierCreditRoutes({ deps: () => approvalDeps(c) }),
  ];
};

/** The dependencies of approvals' job: mailing public approval links. */
export const approvalJobDeps = async (c: Container): Promise<Pick<JobsDeps, typeof SEND_APPROVAL_LINKS_JOB>> => {
  const config = c.get<Config>(TOKENS.Config);
  const deps: JobsDeps[typeof SEND_APPROVAL_LINKS_JOB] = {
    db: await c.getAsync<Database>(TOKENS.Database),
    clock: c.get<Clock>(TOKENS.Clock),
    ids: c.get<Ids>(TOKENS.Ids),
    mailer: c.get<Mailer>(TOKENS.Mailer),
    randomBytes: secureRandomBytes,
    publicUrl: (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, ""),
    mailFrom: config.mailFrom,
  };
  return { [SEND_APPROVAL_LINKS_JOB]: deps };
};
