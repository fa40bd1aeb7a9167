import type { Clock } from "./clock.js";
import type { Ids } from "./ids.js";

export { isUuid } from "./codecs/uuid.js";

const MAX_MS = 2 ** 48 - 1;
const RANDOM_BITS = 74n; // 12 bits rand_a + 62 bits rand_b
const RANDOM_MAX = (1n << RANDOM_BITS) - 1n;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

// The 74 random bits of RFC 9562 section 5.7 as one number, so that a counter can be added to them.
const randomState = (random: Uint8Array): bigint => {
  if (random.length < 10) throw new RangeError("UUID v7 needs at least 10 random bytes");
  let state = BigInt((random[0] as number) & 0x0f);
  state = (state << 8n) | BigInt(random[1] as number);
  state = (state << 6n) | BigInt((random[2] as number) & 0x3f);
  for (let i = 3; i < 10; i++) state = (state << 8n) | BigInt(random[i] as number);
  return state;
};

const format = (unixMs: number, state: bigint): string => {
  if (!Number.isInteger(unixMs) || unixMs < 0 || unixMs > MAX_MS) throw new RangeError(`Bad UUID v7 time: ${unixMs}`);
  const bytes = new Uint8Array(16);
  let ms = BigInt(unixMs);
  for (let i = 5; i >= 0; i--) {
    bytes[i] = Number(ms & 0xffn);
    ms >>= 8n;
  }
  const randA = state >> 62n;
  const randB = state & ((1n << 62n) - 1n);
  bytes[6] = 0x70 | Number(randA >> 8n);
  bytes[7] = Number(randA & 0xffn);
  bytes[8] = 0x80 | Number(randB >> 56n);
  for (let i = 0; i < 7; i++) bytes[15 - i] = Number((randB >> BigInt(8 * i)) & 0xffn);
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** A UUID v7 (RFC 9562) from a Unix time in ms and at least 10 random bytes (74 bits of them are used). */
export const uuidV7 = (unixMs: number, random: Uint8Array): string => format(unixMs, randomState(random));

/** True when `u` is a UUID of version 7 with the RFC 9562 variant. */
export const isUuidV7 = (u: unknown): u is string => typeof u === "string" && UUID_V7.test(u);

/** The Unix time in ms a UUID v7 was made at. */
export const uuidV7Time = (id: string): number => {
  if (!isUuidV7(id)) throw new TypeError(`Not a UUID v7: ${id}`);
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
};

/**
 * An `Ids` port that makes UUID v7s from a clock and a source of random bytes, in strictly increasing order
 * even within one millisecond or when the clock steps back (RFC 9562 method 3: the random part of the
 * previous id plus one, keeping the previous time).
 */
export const uuidV7Generator = (clock: Clock, randomBytes: (size: number) => Uint8Array): Ids => {
  let lastMs = -1;
  let lastState = 0n;
  return {
    next() {
      const now = clock.now().getTime();
      if (now > lastMs) {
        lastMs = now;
        lastState = randomState(randomBytes(10));
      } else if (lastState < RANDOM_MAX) {
        lastState += 1n;
      } else {
        // 2^74 ids in one millisecond cannot happen; borrow the next millisecond rather than repeat.
        lastMs += 1;
        lastState = randomState(randomBytes(10));
      }
      return format(lastMs, lastState);
    },
  };
};
