import { VOCABULARIES } from "./vocabulary/index.js";

const WORDS = new Map<string, Map<string, number>>();
for (const v of VOCABULARIES) {
  for (const w of v.common) {
    const per = WORDS.get(w) ?? new Map<string, number>();
    per.set(v.code, 1);
    WORDS.set(w, per);
  }
}

/** The language of a page (an ISO 639-1 code of a vocabulary file) from its common words; "en" when unsure. */
export const detectLanguage = (text: string): string => {
  const score = new Map<string, number>();
  for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const per = WORDS.get(w);
    // A word of one letter (Italian's "e") is as often OCR's noise or an abbreviation ("Service - E").
    if (!per || w.length < 2) continue;
    // A word shared by several languages counts for each a little.
    for (const code of per.keys()) score.set(code, (score.get(code) ?? 0) + 1 / per.size);
  }
  const ranked = [...score].sort((a, b) => b[1] - a[1]);
  return ranked[0] && ranked[0][1] >= 2 ? ranked[0][0] : "en";
};

/** The tesseract language code of an ISO 639-1 code. */
export const tesseractCode = (code: string): string => VOCABULARIES.find((v) => v.code === code)?.tesseract ?? "eng";
