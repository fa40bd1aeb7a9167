import { randomBytes } from "node:crypto";
import { uuidV7Generator } from "@apar/core";
import type { Clock, Ids } from "@apar/core/ports";

/** UUID v7 ids from the clock and the machine's cryptographic random source. */
export const randomIds = (clock: Clock): Ids => uuidV7Generator(clock, (size) => randomBytes(size));

/** The machine's cryptographic random source, for secrets (API keys, tokens). */
export const secureRandomBytes = (size: number): Uint8Array => randomBytes(size);
