/** A company's sender allowlist: whole addresses and whole domains whose forwards it accepts. */

/** An address (`ap@supplier.example`) or a whole domain (`supplier.example`, any address at it). */
export type SenderKind = "Address" | "Domain";

/** One entry of a company's allowlist; `value` is lower-case. */
export interface AllowedSender {
  readonly id: string;
  readonly clientId: string;
  readonly companyId: string;
  readonly kind: SenderKind;
  readonly value: string;
  readonly createdAt: Date;
}

/** Most entries one company may have (bounds the check each message causes). */
export const ALLOWED_SENDERS_MAX = 500;

// A pragmatic domain: dot-separated labels of letters, digits and hyphens, at least two labels.
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
// The local part as people type it: no spaces, no `@`, no angle brackets.
const LOCAL = /^[^\s@<>()[\]\\,;:"]{1,64}$/;

/**
 * What the caller typed as an allowlist entry: `name@domain` is one address, `domain` or `@domain` a whole
 * domain. Lower-cased (domains are case-insensitive and mail systems treat local parts alike in practice).
 * Undefined for anything else.
 */
export const parseSenderPattern = (input: string): { kind: SenderKind; value: string } | undefined => {
  const text = input.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 0) return DOMAIN.test(text) ? { kind: "Domain", value: text } : undefined;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!DOMAIN.test(domain)) return undefined;
  if (local === "") return { kind: "Domain", value: domain };
  return LOCAL.test(local) ? { kind: "Address", value: text } : undefined;
};

/** True when `address` is on the list: the address itself, or its domain as a whole-domain entry. */
export const senderAllowed = (list: readonly Pick<AllowedSender, "kind" | "value">[], address: string): boolean => {
  const lower = address.trim().toLowerCase();
  const domain = lower.slice(lower.lastIndexOf("@") + 1);
  return list.some((e) => (e.kind === "Address" ? e.value === lower : e.value === domain));
};
