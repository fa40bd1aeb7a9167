import type { Mailer } from "../../ports/mailer.js";
import type { StoreName } from "../../ports/stores.js";
import type { CoreDeps } from "../deps.js";

/** What signing people in needs: the stores, the clock, ids, and the only source of secret material. */
export interface SignInDeps<K extends StoreName = StoreName> extends CoreDeps<K> {
  readonly randomBytes: (size: number) => Uint8Array;
}

/** What mailing a sign-in link needs beyond that. */
export interface SignInMailDeps<K extends StoreName = StoreName> extends SignInDeps<K> {
  readonly mailer: Mailer;
  /** The service's public base URL (`https://ap.example.com`), without a trailing slash. */
  readonly publicUrl: string;
  readonly mailFrom: string;
}

/** The job that mails a sign-in link to an address. */
export const SEND_SIGN_IN_LINK_JOB = "send-sign-in-link";

/** The payload of a send-sign-in-link job. */
export interface SignInLinkJob {
  /** The address asked for, lower case (it may belong to nobody: then nothing is sent). */
  readonly email: string;
  /** Set when an administrator invited the person: the mail says so and its link lasts longer. */
  readonly invitation?: { readonly organisationName: string };
}
