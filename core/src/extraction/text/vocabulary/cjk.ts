// Chinese, Japanese and Korean labels. Their words are not set apart by spaces (a label may stand glued to the
// text before it: "お買上合計"), so labels.ts sets no word boundary on a side where a label is written in them; and
// OCR often reads a space between two characters ("合 計", "領収 証"), and a text layer spreads a short label over its
// box ("合  计"), and a till justifies a two-character label over its column ("합      계"), so each label allows a
// few between every pair.

/** One label's characters with up to eight spaces between each pair: "合計" matches "合計", "合 計" and "合  計". */
export const spaced = (word: string): string => [...word].join(String.raw`\s{0,8}`);

/** Labels written `spaced`, for a vocabulary's lists. */
export const spacedWords = (...words: string[]): string[] => words.map(spaced);

/**
 * The letters of the Han, kana and Hangul scripts, and Thai's (which sets no spaces between words either), as a
 * character class's contents.
 */
export const UNSPACED_LETTERS = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}`;

/** Months as these scripts print them: "7月", "7월". */
export const numberedMonths = (unit: string): string[][] => Array.from({ length: 12 }, (_, i) => [`${i + 1}${unit}`]);
