// OCR of a whole page can drop its top line (a title beside a logo, a tinted header band) that a read of the
// band alone gets: the band's lines that the page's reading lacks are put back above it.

const key = (line: string): string => line.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

// How alike two lines read (Dice coefficient of their character pairs): OCR reads a line twice a little apart.
const alike = (a: string, b: string): number => {
  const pairs = (s: string): Map<string, number> => {
    const m = new Map<string, number>();
    for (let i = 0; i + 1 < s.length; i++) m.set(s.slice(i, i + 2), (m.get(s.slice(i, i + 2)) ?? 0) + 1);
    return m;
  };
  const x = pairs(a);
  const y = pairs(b);
  let common = 0;
  for (const [p, n] of x) common += Math.min(n, y.get(p) ?? 0);
  const all = a.length + b.length - 2;
  return all <= 0 ? 0 : (2 * common) / all;
};

/** The top share of a page that is read again on its own. */
export const HEADER_BAND = 0.15;

/**
 * A page's OCR lines with the lines of its header band's own reading that the page's reading lacks, in the band's
 * order, before the first line both have (at the top when they share none).
 */
export const withHeaderBand = (page: readonly string[], band: readonly string[]): string[] => {
  const keys = page.map(key);
  const missing: string[] = [];
  let anchor = -1;
  for (const line of band) {
    const k = key(line);
    if (k.length < 3) continue;
    const found = keys.findIndex((p) => p === k || alike(p, k) >= 0.8);
    if (found >= 0) {
      anchor = found;
      break;
    }
    missing.push(line);
  }
  if (missing.length === 0) return [...page];
  const at = anchor < 0 ? 0 : anchor;
  return [...page.slice(0, at), ...missing, ...page.slice(at)];
};

/**
 * A page's lines with another reading's top lines it lacks: the `other` reading's lines before its first line the
 * page also has, put above the page, when that line is among the page's first two and at most `most` lines come
 * before it in `other`; the page as it is otherwise (two readings that share no line near the top are not merged).
 */
export const withTopLines = (page: readonly string[], other: readonly string[], most = 3): string[] => {
  const keys = page.slice(0, 2).map(key);
  const lost: string[] = [];
  for (const line of other.slice(0, most + 1)) {
    const k = key(line);
    if (k.length >= 3 && keys.some((p) => p === k || alike(p, k) >= 0.8)) return [...lost, ...page];
    lost.push(line);
  }
  return [...page];
};
