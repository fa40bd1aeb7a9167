import * as t from "io-ts";
import type { JobDefinition } from "../jobs/job.js";
import { SEND_SIGN_IN_LINK_JOB, type SignInLinkJob, type SignInMailDeps } from "./deps.js";
import { sendSignInLink } from "./links.js";

/** The payload of `send-sign-in-link`. */
export const SignInLinkPayload: t.Decoder<unknown, SignInLinkJob> = t.intersection([
  t.type({ email: t.string }),
  t.partial({ invitation: t.type({ organisationName: t.string }) }),
]);

/** `send-sign-in-link`: mails a single-use sign-in link to an address someone may sign in with. */
export const sendSignInLinkJob: JobDefinition<typeof SEND_SIGN_IN_LINK_JOB, SignInMailDeps, SignInLinkJob> = {
  type: SEND_SIGN_IN_LINK_JOB,
  payload: SignInLinkPayload,
  run: (deps) => {
    const send = sendSignInLink(deps);
    return async (payload) => send(payload);
  },
};
