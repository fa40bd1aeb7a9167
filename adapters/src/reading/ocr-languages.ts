import { existsSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The folder holding a language's gzipped LSTM data in its npm package `@tesseract.js-data/<lang>`. */
export const languageFolder = (lang: string): string =>
  join(dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`)), "4.0.0_best_int");

/**
 * The tesseract codes whose data is installed (`@tesseract.js-data/<code>` with its traineddata), sorted. The
 * configuration checks APAR_OCR_LANGUAGES against them at start, so that a missing language is named then and not
 * at the first scanned bill.
 */
export const installedOcrLanguages = (): string[] => {
  const scope = dirname(dirname(require.resolve("@tesseract.js-data/eng/package.json")));
  return readdirSync(scope)
    .filter((code) => /^[a-z]{3}(_[a-z]+)?$/.test(code))
    .filter((code) => existsSync(join(scope, code, "4.0.0_best_int", `${code}.traineddata.gz`)))
    .sort();
};
