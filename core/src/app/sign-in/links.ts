import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import {
  hashSignInSecret,
  INVITATION_LINK_TTL_MS,
  isSignInSecretShape,
  looksLikeEmail,
  newSignInSecret,
  normalisedEmail,
  SIGN_IN_LINK_TTL_MS,
} from "../../auth/sign-in.js";
import type { MailMessage } from "../../ports/mailer.js";
import { type DomainError, domainError, validationError } from "../../shared/errors.js";
import { accountsOf, type SignInAccount } from "./accounts.js";
import { SEND_SIGN_IN_LINK_JOB, type SignInDeps, type SignInLinkJob, type SignInMailDeps } from "./deps.js";

/** Links mailed to one address per minute at most: a second ask within it is the first one's mail. */
const LINK_WINDOW_MS = 60_000;

/** The job that mails `job` its link, keyed so that one address gets at most one link mail a minute. */
export const signInLinkJob = (job: SignInLinkJob, now: Date) => ({
  type: SEND_SIGN_IN_LINK_JOB,
  payload: job,
  key: `${SEND_SIGN_IN_LINK_JOB}:${hashSignInSecret(job.email)}:${Math.floor(now.getTime() / LINK_WINDOW_MS)}${
    job.invitation === undefined ? "" : ":invitation"
  }`,
});

/**
 * Asks for a sign-in link to an address. The answer says nothing about the address: whether anyone has it is
 * decided by the job that mails the link, so a known and an unknown address take the same path here.
 */
export const requestSignInLink =
  (deps: Pick<SignInDeps<"jobs">, "db" | "clock">) =>
  (email: string): TE.TaskEither<DomainError, void> =>
  async () => {
    const address = normalisedEmail(email);
    if (!looksLikeEmail(address))
      return E.left(validationError([{ field: "email", code: "Invalid", message: "Give an e-mail address." }]));
    const now = deps.clock.now();
    await deps.db.run((s) => s.jobs.enqueue(signInLinkJob({ email: address }, now), now));
    return E.right(undefined);
  };

const mailOf = (deps: SignInMailDeps<never>, job: SignInLinkJob, name: string, url: string): MailMessage => {
  const lasts = job.invitation === undefined ? "within 15 minutes" : "within 3 days";
  const invited =
    job.invitation === undefined
      ? []
      : [
          `You are invited to ${job.invitation.organisationName} in apar, the accounts payable and receivable service.`,
          "",
        ];
  return {
    from: deps.mailFrom,
    to: [job.email],
    subject:
      job.invitation === undefined ? "Your apar sign-in link" : `You are invited to ${job.invitation.organisationName}`,
    text: [
      `Hello ${name},`,
      "",
      ...invited,
      `Sign in to the apar portal with this link. It works once, ${lasts}:`,
      url,
      "",
      "If you did not ask for it, ignore this mail: the link is of no use to anyone without your mailbox.",
      "",
    ].join("\n"),
  };
};

/**
 * Mails a sign-in link to the address of the job when someone may sign in with it (the send-sign-in-link job).
 * The token is made here and only its hash is stored, so it exists nowhere but in the mail.
 */
export const sendSignInLink =
  (deps: SignInMailDeps<"clients" | "jobs" | "memberships" | "organisations" | "signInLinks" | "users">) =>
  async (job: SignInLinkJob): Promise<{ readonly sent: number }> => {
    const mail = await deps.db.run(async (s) => {
      const [first] = await accountsOf(s, job.email);
      if (first === undefined) return undefined;
      const now = deps.clock.now();
      const token = newSignInSecret(deps.randomBytes);
      const ttl = job.invitation === undefined ? SIGN_IN_LINK_TTL_MS : INVITATION_LINK_TTL_MS;
      await s.signInLinks.add({
        tokenHash: hashSignInSecret(token),
        email: job.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttl),
        usedAt: null,
      });
      return mailOf(deps, job, first.userName, `${deps.publicUrl}/portal/sign-in/link/${token}`);
    });
    if (mail === undefined) return { sent: 0 };
    await deps.mailer.send(mail);
    return { sent: 1 };
  };

/** The answer for an unknown, used or expired link (all alike). */
export const signInLinkRefused = (): DomainError =>
  domainError("Unauthenticated", "SignIn.InvalidLink", "This sign-in link is not valid: it was used or has expired.");

/** The address a link or a provider proved, and the accounts it may sign in to (several: the person chooses). */
export interface ProvenAddress {
  readonly email: string;
  readonly accounts: readonly SignInAccount[];
}

/** Whether a link may still be used (opening its page uses nothing up: mail scanners follow links). */
export const signInLinkUsable =
  (deps: Pick<SignInDeps<"signInLinks">, "db" | "clock">) =>
  async (token: string): Promise<boolean> =>
    isSignInSecretShape(token) && deps.db.stores.signInLinks.usable(hashSignInSecret(token), deps.clock.now());

/** Uses a link up and answers its address with the accounts it may sign in to. */
export const useSignInLink =
  (deps: Pick<SignInDeps<"clients" | "memberships" | "organisations" | "signInLinks" | "users">, "db" | "clock">) =>
  (token: string): TE.TaskEither<DomainError, ProvenAddress> =>
  async () => {
    if (!isSignInSecretShape(token)) return E.left(signInLinkRefused());
    const proven = await deps.db.run(async (s) => {
      const link = await s.signInLinks.consume(hashSignInSecret(token), deps.clock.now());
      return link === undefined ? undefined : { email: link.email, accounts: await accountsOf(s, link.email) };
    });
    return proven === undefined || proven.accounts.length === 0 ? E.left(signInLinkRefused()) : E.right(proven);
  };
