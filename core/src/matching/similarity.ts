/** Words of a description, lower-cased, without punctuation. */
const words = (s: string): Set<string> =>
  new Set(
    s
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .split(" ")
      .filter((w) => w.length > 0),
  );

/** How alike two descriptions are: the share of words they have in common (Jaccard), 0 to 1. */
export const descriptionSimilarity = (a: string, b: string): number => {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return 0;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common);
};

/** At or above: matched without asking. */
export const MATCH_THRESHOLD = 0.6;
/** At or above (and below MATCH_THRESHOLD): suggested to a person. */
export const SUGGEST_THRESHOLD = 0.25;
