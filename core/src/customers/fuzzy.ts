/** Lower-cased letters and digits of a text, accents removed, words separated by one space. */
export const searchKey = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

const trigrams = (text: string): Set<string> => {
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
};

/** Optimal string alignment distance: edits, with a swap of two neighbours counting as one. */
const editDistance = (a: string, b: string): number => {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const up = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
};

// Each query word against its closest candidate word (1 - edits / longer length), averaged over the query.
const wordScore = (q: string, c: string): number => {
  const words = c.split(" ");
  const scores = q
    .split(" ")
    .map((w) => Math.max(0, ...words.map((x) => 1 - editDistance(w, x) / Math.max(w.length, x.length))));
  return scores.reduce((sum, x) => sum + x, 0) / scores.length;
};

/**
 * How well `candidate` matches `query`, 0 to 1: 1 for a substring; otherwise the better of the trigram
 * similarity (shared / all, against the candidate or any of its words) and the word-by-word edit similarity,
 * so misspellings and swapped letters still find a name.
 */
export const fuzzyScore = (query: string, candidate: string): number => {
  const q = searchKey(query);
  const c = searchKey(candidate);
  if (q === "" || c === "") return 0;
  if (c.includes(q)) return 1;
  const qg = trigrams(q);
  const similarity = (text: string) => {
    const g = trigrams(text);
    let shared = 0;
    for (const x of qg) if (g.has(x)) shared++;
    return shared / (qg.size + g.size - shared);
  };
  return Math.max(similarity(c), ...c.split(" ").map(similarity), wordScore(q, c));
};

/** The least score a fuzzy search answers. */
export const FUZZY_THRESHOLD = 0.5;

/** The items whose best field matches `query` well enough, best first (ties in the given order), at most `limit`. */
export const fuzzyRank = <A>(
  query: string,
  items: readonly A[],
  fields: (a: A) => readonly (string | null)[],
  limit: number,
): A[] =>
  items
    .map((item, i) => ({
      item,
      i,
      score: Math.max(0, ...fields(item).map((f) => (f === null ? 0 : fuzzyScore(query, f)))),
    }))
    .filter((x) => x.score >= FUZZY_THRESHOLD)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.item);
