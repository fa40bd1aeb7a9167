import { approvalPolicyRoutes } from "@apar/adapters/http/routes/approval-routes";
import { matchingRoutes } from "@apar/adapters/http/routes/matching-routes";
import { publicApprovalRoutes } from "@apar/adapters/http/routes/public-approval-routes";
import { supplierCreditRoutes } from "@apar/adapters/http/routes/supplier-credit-routes";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { SEND_APPROVAL_LINKS_JOB } from "@apar/core/app";
import { ContainerModule } from "inversify";
import { type Config, publicBaseUrl } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** The approvals part: its job's dependencies and the policy, bill lifecycle, public approval, matching and supplier credit routes. */
export const approvalsModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.ApprovalJobDeps).toDynamicValue(async (ctx) => ({
      [SEND_APPROVAL_LINKS_JOB]: {
        db: await ctx.getAsync(TOKENS.Database),
        clock: ctx.get(TOKENS.Clock),
        ids: ctx.get(TOKENS.Ids),
        mailer: ctx.get(TOKENS.Mailer),
        randomBytes: secureRandomBytes,
        publicUrl: publicBaseUrl(config),
        mailFrom: config.mailFrom,
      },
    }));
    bind(TOKENS.RouteList).toConstantValue([
      ...approvalPolicyRoutes(services),
      ...publicApprovalRoutes(services),
      ...matchingRoutes(services),
      ...supplierCreditRoutes(services),
    ]);
  });
