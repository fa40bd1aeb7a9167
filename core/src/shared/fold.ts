/** Letters that Unicode does not decompose into a base letter and a mark (NFKD leaves `Ł` as `Ł`). */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  ł: "l",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ø: "o",
  œ: "oe",
  æ: "ae",
  ß: "ss",
  þ: "th",
  ŀ: "l",
};

/**
 * A text folded for comparing names as people and banks write them: compatibility-decomposed (NFKD), marks
 * removed, lower case, letters such as `ł`, `ø`, `ß` written as ASCII does (`LODZ SPOLKA` folds as `Łódź Spółka`).
 * Spaces and punctuation are kept: callers drop what they do not compare.
 */
export const foldText = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[łđðħıøœæßþŀ]/g, (ch) => UNDECOMPOSED[ch] ?? ch);
