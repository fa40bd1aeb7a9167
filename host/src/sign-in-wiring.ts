import { secureRandomBytes } from "@apar/adapters/system/ids";
import { type JobsDeps, SEND_SIGN_IN_LINK_JOB } from "@apar/core/app";
import type { Clock, Database, Ids, Mailer } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import { type Config, publicBaseUrl } from "./config.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of signing people in. */
export const SIGN_IN_TOKENS = {
  JobDeps: Symbol.for("apar.SignInJobDeps"),
} as const;

/** The dependencies of its job: mailing sign-in links. */
export type SignInJobDeps = Pick<JobsDeps, typeof SEND_SIGN_IN_LINK_JOB>;

/** Signing people in: the job that mails sign-in links (the pages are the portal's). */
export const signInModule = (config: Config): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<SignInJobDeps>(SIGN_IN_TOKENS.JobDeps).toDynamicValue(async (ctx) => ({
      [SEND_SIGN_IN_LINK_JOB]: {
        db: await ctx.getAsync<Database>(TOKENS.Database),
        clock: ctx.get<Clock>(TOKENS.Clock),
        ids: ctx.get<Ids>(TOKENS.Ids),
        mailer: ctx.get<Mailer>(TOKENS.Mailer),
        randomBytes: secureRandomBytes,
        publicUrl: publicBaseUrl(config),
        mailFrom: config.mailFrom,
      },
    }));
  });
