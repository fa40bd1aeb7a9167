import { secureRandomBytes } from "@apar/adapters/system/ids";
import { SEND_SIGN_IN_LINK_JOB } from "@apar/core/app";
import { ContainerModule } from "inversify";
import { type Config, publicBaseUrl } from "./config.js";
import { TOKENS } from "./tokens.js";

/** Signing people in: the job that mails sign-in links (the pages are the portal's). */
export const signInModule = (config: Config): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.SignInJobDeps).toDynamicValue(async (ctx) => ({
      [SEND_SIGN_IN_LINK_JOB]: {
        db: await ctx.getAsync(TOKENS.Database),
        clock: ctx.get(TOKENS.Clock),
        ids: ctx.get(TOKENS.Ids),
        mailer: ctx.get(TOKENS.Mailer),
        randomBytes: secureRandomBytes,
        publicUrl: publicBaseUrl(config),
        mailFrom: config.mailFrom,
      },
    }));
  });
