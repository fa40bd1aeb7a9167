import type { RouteDef } from "@apar/adapters/http/index";
import { approvalPolicyRoutes } from "@apar/adapters/http/routes/approval-routes";
import { matchingRoutes } from "@apar/adapters/http/routes/matching-routes";
import { publicApprovalRoutes } from "@apar/adapters/http/routes/public-approval-routes";
import { supplierCreditRoutes } from "@apar/adapters/http/routes/supplier-credit-routes";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { type JobsDeps, SEND_APPROVAL_LINKS_JOB } from "@apar/core/app";
import type { Clock, Database, Ids, Mailer } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import { type Config, publicBaseUrl } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of the approvals part. */
export const APPROVAL_TOKENS = {
  JobDeps: Symbol.for("apar.ApprovalJobDeps"),
} as const;

/** The dependencies of approvals' job: mailing public approval links. */
export type ApprovalJobDeps = Pick<JobsDeps, typeof SEND_APPROVAL_LINKS_JOB>;

/** The approvals part: its job's dependencies and the policy, bill lifecycle, public approval, matching and supplier credit routes. */
export const approvalsModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<ApprovalJobDeps>(APPROVAL_TOKENS.JobDeps).toDynamicValue(async (ctx) => ({
      [SEND_APPROVAL_LINKS_JOB]: {
        db: await ctx.getAsync<Database>(TOKENS.Database),
        clock: ctx.get<Clock>(TOKENS.Clock),
        ids: ctx.get<Ids>(TOKENS.Ids),
        mailer: ctx.get<Mailer>(TOKENS.Mailer),
        randomBytes: secureRandomBytes,
        publicUrl: publicBaseUrl(config),
        mailFrom: config.mailFrom,
      },
    }));
    bind<readonly RouteDef[]>(TOKENS.RouteList).toConstantValue([
      ...approvalPolicyRoutes(services),
      ...publicApprovalRoutes(services),
      ...matchingRoutes(services),
      ...supplierCreditRoutes(services),
    ]);
  });
