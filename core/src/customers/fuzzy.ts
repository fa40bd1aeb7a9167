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

/**
 * How well `candidate` matches `query`, 0 to 1: 1 for a substring; otherwise the best trigram similarity
 * (shared / all) between the query and the candidate or any of its words, so typos still find a name.
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
  return Math.max(similarity(c), ...c.split(" ").map(similarity));
};

/** The least score a fuzzy search answers. */
export const FUZZY_THRESHOLD = 0.3;

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
