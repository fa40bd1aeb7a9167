import { randomBytes } from "node:crypto";
import type { Tokens } from "@apar/core/ports";

/** Public page tokens: 32 random bytes, base64url (43 characters, 256 bits). */
export const randomTokens = (): Tokens => ({ next: () => randomBytes(32).toString("base64url") });
