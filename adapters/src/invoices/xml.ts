/** XML text with &, <, > and quotes escaped. */
export const esc = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** An element with escaped text content, or nothing when the value is null. */
export const el = (name: string, value: string | null, attrs: Readonly<Record<string, string>> = {}): string => {
  if (value === null) return "";
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join("");
  return `<${name}${a}>${esc(value)}</${name}>`;
};

/** An element around children (already XML), or nothing when they are empty. */
export const wrapEl = (name: string, ...children: string[]): string => {
  const inner = children.join("");
  return inner === "" ? "" : `<${name}>${inner}</${name}>`;
};
