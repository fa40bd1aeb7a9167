import type { Clock } from "@apar/core/ports";
import { parseCookies, setCookie } from "./cookies.js";
import { type PortalKeys, seal, unseal } from "./seal.js";

/**
 * A new signing secret travels from the form post to the page that shows it in a sealed cookie that lives
 * one minute and is deleted by the page that reads it: the secret is shown once, and a reload shows it no more.
 */
export const FLASH_COOKIE = "apar_portal_secret";
const PURPOSE = "apar-portal-secret";
const FLASH_SECONDS = 60;

interface Flash {
  readonly sid: string;
  readonly subscriptionId: string;
  readonly secret: string;
  readonly expiresAt: number;
}

/** The `Set-Cookie` value carrying a secret to the next page of this session. */
export const flashSecret = (
  keys: PortalKeys,
  clock: Clock,
  args: { sid: string; subscriptionId: string; secret: string; secure: boolean },
): string => {
  const flash: Flash = {
    sid: args.sid,
    subscriptionId: args.subscriptionId,
    secret: args.secret,
    expiresAt: clock.now().getTime() + FLASH_SECONDS * 1000,
  };
  return setCookie(FLASH_COOKIE, seal(keys.seal, PURPOSE, flash), { maxAge: FLASH_SECONDS, secure: args.secure });
};

/** The secret for this session and subscription if the request carries it (the caller deletes the cookie). */
export const takeSecret = (
  keys: PortalKeys,
  clock: Clock,
  cookieHeader: string | string[] | undefined,
  sid: string,
  subscriptionId: string,
): string | undefined => {
  const sealed = parseCookies(cookieHeader).get(FLASH_COOKIE);
  if (sealed === undefined || sealed === "") return undefined;
  const flash = unseal(keys.seal, PURPOSE, sealed) as Partial<Flash> | undefined;
  return flash?.sid === sid &&
    flash.subscriptionId === subscriptionId &&
    typeof flash.secret === "string" &&
    typeof flash.expiresAt === "number" &&
    flash.expiresAt > clock.now().getTime()
    ? flash.secret
    : undefined;
};

/** The `Set-Cookie` value deleting the flash cookie. */
export const clearSecret = (secure: boolean): string => setCookie(FLASH_COOKIE, "", { maxAge: 0, secure });
