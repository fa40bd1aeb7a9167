/**
 * Company slugs: the local part of a company's forwarding address. Lower-case ASCII letters, digits and
 * single hyphens, so that every mail system hands the address over unchanged.
 */

/** Longest slug derived from a name, leaving room for a suffix within the 64-octet local part. */
export const SLUG_BASE_MAX = 40;

/** Local parts mail systems and people expect to reach the operator, never a company. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "abuse",
  "admin",
  "administrator",
  "bounce",
  "bounces",
  "hostmaster",
  "info",
  "mailer-daemon",
  "no-reply",
  "noreply",
  "postmaster",
  "root",
  "security",
  "support",
  "webmaster",
]);

// 32 symbols without look-alikes (no l, o, 0, 1): a byte's low five bits pick one without bias.
const SUFFIX_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
/** Suffix length: 30 random bits, so a collision among a client's companies is practically impossible. */
export const SLUG_SUFFIX_LENGTH = 6;

/** The slug a name suggests: accents dropped, runs of anything else turned into one hyphen, cut to 40. */
export const slugFromName = (name: string): string => {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
  const slug = ascii
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_BASE_MAX)
    .replace(/-+$/, "");
  return slug === "" ? "company" : slug;
};

/** `base` with a short random suffix (`acme-k7q2mx`), for when `base` is taken or reserved. */
export const slugWithSuffix = (base: string, randomBytes: (size: number) => Uint8Array): string => {
  const bytes = randomBytes(SLUG_SUFFIX_LENGTH);
  if (bytes.length < SLUG_SUFFIX_LENGTH) throw new RangeError("randomBytes answered too few bytes");
  const suffix = Array.from(bytes.subarray(0, SLUG_SUFFIX_LENGTH), (b) => SUFFIX_ALPHABET[b & 31]).join("");
  return `${base}-${suffix}`;
};
