// Walking an XML tree already parsed with namespace prefixes removed ({ Tag: { "#text": "...", "@_attr": "..." } }).

export type XmlNode = unknown;

const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** Every node at a path of tag names below `node`. */
export const all = (node: XmlNode, ...path: string[]): XmlNode[] => {
  let level: unknown[] = [node];
  for (const tag of path) {
    level = level.flatMap((n) =>
      n !== null && typeof n === "object" ? asArray((n as Record<string, unknown>)[tag]) : [],
    );
  }
  return level;
};

/** The first node at a path, or undefined. */
export const one = (node: XmlNode, ...path: string[]): XmlNode => all(node, ...path)[0];

/** The trimmed text of the first node at a path, or null. */
export const text = (node: XmlNode, ...path: string[]): string | null => {
  const n = one(node, ...path);
  const raw =
    typeof n === "string" || typeof n === "number"
      ? String(n)
      : n !== null && typeof n === "object" && "#text" in n
        ? String((n as Record<string, unknown>)["#text"])
        : null;
  const t = raw?.trim();
  return t === undefined || t === "" ? null : t;
};

/** An attribute of the first node at a path, or null. */
export const attr = (node: XmlNode, name: string, ...path: string[]): string | null => {
  const n = one(node, ...path);
  const v = n !== null && typeof n === "object" ? (n as Record<string, unknown>)[`@_${name}`] : undefined;
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
};

/** A decimal string from an XML amount, or null when it is not one. */
export const decimal = (s: string | null): string | null => (s !== null && /^-?\d+(\.\d+)?$/.test(s) ? s : null);
