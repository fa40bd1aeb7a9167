import { VOCABULARIES } from "./vocabulary/index.js";

const WORDS = new Map<string, Map<string, number>>();
for (const v of VOCABULARIES) {
  for (const w of v.common) {
    const per = WORDS.get(w) ?? new Map<string, number>();
    per.set(v.code, 1);
    WORDS.set(w, per);
  }
}

// Letters only one known language writes (`telling`), and the letters of its script (`script`), each weighing
// `weight` Latin letters (a Chinese character says about as much as a Latin word). Japanese writes Chinese
// characters too, so its kana come first.
const SCRIPTS: readonly { code: string; telling: RegExp; script: RegExp; weight: number }[] = [
  {
    code: "ja",
    telling: /[\p{sc=Hiragana}\p{sc=Katakana}]/gu,
    script: /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/gu,
    weight: 3,
  },
  { code: "ko", telling: /\p{sc=Hangul}/gu, script: /\p{sc=Hangul}/gu, weight: 3 },
  { code: "zh", telling: /\p{sc=Han}/gu, script: /\p{sc=Han}/gu, weight: 3 },
  { code: "uk", telling: /[іїєґІЇЄҐ]/gu, script: /\p{sc=Cyrillic}/gu, weight: 1 },
  { code: "he", telling: /\p{sc=Hebrew}/gu, script: /\p{sc=Hebrew}/gu, weight: 1 },
  { code: "el", telling: /\p{sc=Greek}/gu, script: /\p{sc=Greek}/gu, weight: 1 },
  { code: "th", telling: /\p{sc=Thai}/gu, script: /\p{sc=Thai}/gu, weight: 1 },
];
const count = (text: string, re: RegExp): number => (text.match(re) ?? []).length;

/** The language of a page (an ISO 639-1 code of a vocabulary file) from its common words; "en" when unsure. */
export const detectLanguage = (text: string): string => languageOf(text) ?? "en";

/** The language a page's text tells (its script, else its common words), or null when it tells none. */
export const languageOf = (text: string): string | null => {
  // A script only one known language writes in tells it at once (Japanese's kana, Ukrainian's own letters), when
  // the page is written in it: a shop's name in Chinese on an English receipt does not make the receipt Chinese.
  const latin = count(text, /\p{sc=Latin}/gu);
  for (const { code, telling, script, weight } of SCRIPTS) {
    if (count(text, telling) >= 3 && count(text, script) * weight >= latin) return code;
  }
  const score = new Map<string, number>();
  for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    const per = WORDS.get(w);
    // A word of one letter (Italian's "e") is as often OCR's noise or an abbreviation ("Service - E").
    if (!per || w.length < 2) continue;
    // A word shared by several languages counts for each a little.
    for (const code of per.keys()) score.set(code, (score.get(code) ?? 0) + 1 / per.size);
  }
  const ranked = [...score].sort((a, b) => b[1] - a[1]);
  return ranked[0] && ranked[0][1] >= 2 ? ranked[0][0] : null;
};

/** The tesseract language code of an ISO 639-1 code. */
export const tesseractCode = (code: string): string => VOCABULARIES.find((v) => v.code === code)?.tesseract ?? "eng";

/** Every tesseract language that reads a vocabulary's language, its own first ("zh": chi_sim, chi_tra). */
export const ocrLanguagesOf = (code: string): string[] => {
  const v = VOCABULARIES.find((w) => w.code === code);
  return v === undefined ? ["eng"] : [v.tesseract, ...(v.tesseractAlso ?? [])];
};

/**
 * The language a tesseract language reads when its script alone tells a page's language (`SCRIPTS`: "jpn" -> "ja",
 * "chi_tra" -> "zh"); undefined for a Latin script's, which common words tell.
 */
export const scriptLanguageOf = (ocrLanguage: string): string | undefined =>
  VOCABULARIES.find((v) => ocrLanguagesOf(v.code).includes(ocrLanguage) && SCRIPTS.some((s) => s.code === v.code))
    ?.code;
