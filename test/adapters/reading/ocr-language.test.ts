// With several OCR languages configured, a scan is read in the language its text is in (told by a first reading
// of an image, or by a scanned page's header band), the first configured language following it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { installedOcrLanguages, languageFolder } from "@apar/adapters/reading/ocr-languages";
import { ocrLanguagesOf, tesseractCode } from "@apar/core/extraction";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { FIXTURES } from "./accuracy.js";
import { scannedPdf } from "./scanned-pdf.js";

const scan = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, "scan", name)));
const german = scan("scan-1-de-letter.png");

const readLines = async (languages: string[], bytes: Uint8Array, mediaType: string) => {
  let lines: readonly string[] = [];
  const reader = createDocumentReader({ languages, ocrWorkers: 1, onText: (l) => (lines = l) });
  try {
    const read = await reader.read({ bytes, mediaType, filename: null }, { method: "ocr" });
    return { read, text: lines.join("\n") };
  } finally {
    await reader.close();
  }
};

test("a German scan read with English only loses its umlauts; with German configured too it is read in German", async (t) => {
  const english = await readLines(["eng"], german, "image/png");
  t.false(english.text.includes("Söhne"));
  const both = await readLines(["eng", "deu"], german, "image/png");
  t.true(both.text.includes("Schneider & Söhne KG"));
  t.true(E.isRight(both.read));
  if (E.isRight(both.read)) t.is(both.read.right.fields.supplierName, "Schneider & Söhne KG");
});

test("a scanned PDF page is read again in the language its first reading shows", async (t) => {
  const pdf = await scannedPdf(german);
  const english = await readLines(["eng"], pdf, "application/pdf");
  t.false(english.text.includes("Söhne"));
  const both = await readLines(["eng", "deu"], pdf, "application/pdf");
  t.true(both.text.includes("Söhne"));
});

test("an English scan stays an English reading with German configured", async (t) => {
  const bytes = scan("scan-0-en-title-first.png");
  const truth = JSON.parse(readFileSync(join(FIXTURES, "scan", "scan-0-en-title-first.json"), "utf8")) as {
    totalAmount: string;
    supplierName: string;
  };
  const { read } = await readLines(["eng", "deu"], bytes, "image/png");
  t.true(E.isRight(read));
  if (E.isRight(read)) {
    t.is(read.right.fields.totalAmount, truth.totalAmount);
    t.is(read.right.fields.supplierName, truth.supplierName);
  }
});

test("every language the reader has words for can be configured for OCR: its traineddata package is installed", (t) => {
  for (const code of ["en", "de", "fr", "nl", "es", "it", "pl", "pt", "cs"]) {
    const lang = tesseractCode(code);
    t.is(lang === "eng", code === "en", `${code} has its own tesseract code`);
    t.true(existsSync(join(languageFolder(lang), `${lang}.traineddata.gz`)), `${code}: ${lang}`);
    t.true(installedOcrLanguages().includes(lang), lang);
  }
});

test("a Japanese receipt with 'eng,jpn' configured: English OCR's noise tells no language, so it is read again in Japanese", async (t) => {
  const bytes = new Uint8Array(readFileSync(join(FIXTURES, "japanese", "receipt-japanese.png")));
  const kana = /[\p{sc=Hiragana}\p{sc=Katakana}]/u;
  const english = await readLines(["eng"], bytes, "image/png");
  t.false(kana.test(english.text));
  const both = await readLines(["eng", "jpn"], bytes, "image/png");
  t.true(kana.test(both.text));
  t.true(E.isRight(both.read));
  if (E.isRight(both.read)) {
    t.is(both.read.right.fields.totalAmount, "4500");
    t.is(both.read.right.fields.invoiceDate, "2020-09-21");
    t.is(both.read.right.fields.currency, "JPY");
  }
});

test("every script language the reader has words for is installed (ja, zh, ko, uk, he, bg, el, th; ru by ukr): an operator can configure it", (t) => {
  for (const code of [
    "ja",
    "zh",
    "ko",
    "uk",
    "he",
    "vi",
    "id",
    "da",
    "nb",
    "fi",
    "ro",
    "hu",
    "lt",
    "lv",
    "sv",
    "tr",
    "bg",
    "el",
    "th",
  ]) {
    const lang = tesseractCode(code);
    t.true(installedOcrLanguages().includes(lang), `${code}: ${lang}`);
  }
  t.true(installedOcrLanguages().includes("chi_tra"));
  // Russian's own data is in no npm package: the Ukrainian one reads it.
  t.false(installedOcrLanguages().includes(tesseractCode("ru")));
  t.true(ocrLanguagesOf("ru").some((l) => installedOcrLanguages().includes(l)));
});
