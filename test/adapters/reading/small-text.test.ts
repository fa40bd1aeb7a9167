// A page whose words are small (an invoice exported at a screen's resolution) is read again enlarged
// (other-ways.ts readSmallTextEnlarged): the enlarged reading is kept when tesseract is sure of more of its words.
import { readFileSync } from "node:fs";
import { createDocumentReader } from "@apar/adapters/reading/index";
import { enlargement, medianWordHeight, readSmallTextEnlarged } from "@apar/adapters/reading/other-ways";
import type { TextBox } from "@apar/core/extraction";
import test from "ava";
import * as E from "fp-ts/lib/Either.js";

const INVOICE = new Uint8Array(
  readFileSync(new URL("../../../fixtures/bills/small-text/invoice-italian.png", import.meta.url)),
);

const word = (text: string, height: number, y = 0): TextBox => ({ text, x: 10, y, width: 4 * height, height, page: 1 });
const words = (height: number, n = 9): TextBox[] => Array.from({ length: n }, (_, i) => word(`w${i}x`, height, i * 20));

test("the median height of words of two letters or digits, none with fewer than five", (t) => {
  t.is(medianWordHeight([...words(12, 5), word("|", 40), word("—", 40), word("ab", 30)]), 12);
  t.is(medianWordHeight(words(12, 4)), null);
});

test("small words are enlarged to 32 pixels, at most three times and within the pixel bounds; large ones not", (t) => {
  t.is(enlargement(16, 1_000_000, 40_000_000), 2);
  // Never past an A4 page's pixels at 300 dpi: a large photo of small words is left as it is.
  t.is(enlargement(8, 4_000_000, 40_000_000), 1.5);
  t.is(enlargement(12, 12_000_000, 40_000_000), null);
  t.is(enlargement(8, 1_000_000, 40_000_000), 3);
  // The bound leaves four times the pixels: the side grows twice.
  t.is(enlargement(10, 1_000_000, 4_000_000), 2);
  // Less than half as large again is not worth a reading.
  t.is(enlargement(10, 1_000_000, 2_000_000), null);
  t.is(enlargement(19, 1_000_000, 40_000_000), null);
  t.is(enlargement(null, 1_000_000, 40_000_000), null);
});

/** A page first read with words `height` high and `sure` sure words, the enlarged reading `closer`. */
const readPage = async (
  height: number,
  sure: number,
  closer: { sureWords: number; lines: string[] },
  options: { budget?: () => AbortSignal; during?: () => void } = {},
) => {
  const asked: number[] = [];
  const first = {
    sureWords: sure,
    words: words(height),
    lines: ["CONTOSO LTD.   Fattura", "Francesco 126", "Tose 12500"],
  };
  const kept = await readSmallTextEnlarged(
    first,
    1_080_000,
    40_000_000,
    async () => {
      options.during?.();
      // The enlarged words are 32 pixels high.
      return { ...closer, words: words(32) };
    },
    async (k) => {
      asked.push(k);
      return new Uint8Array(1);
    },
    new AbortController().signal,
    options.budget ?? (() => new AbortController().signal),
  );
  return { kept, asked };
};

test("the enlarged reading is kept when surer, its boxes back at the page's size and the top lines it lost put back", async (t) => {
  const { kept, asked } = await readPage(12, 20, { sureWords: 45, lines: ["Francesco 226", "Totale  125,00€"] });
  t.deepEqual(asked, [32 / 12]);
  t.deepEqual(kept.lines, ["CONTOSO LTD.   Fattura", "Francesco 226", "Totale  125,00€"]);
  t.is(kept.sureWords, 45);
  t.is(kept.words[0]?.height, 12);
});

test("a page of large words, or whose enlarged reading is no surer, keeps its first reading", async (t) => {
  const large = await readPage(30, 20, { sureWords: 45, lines: ["x"] });
  t.deepEqual(large.asked, []);
  t.is(large.kept.sureWords, 20);
  const notSurer = await readPage(12, 20, { sureWords: 20, lines: ["x"] });
  t.deepEqual(notSurer.asked, [32 / 12]);
  t.deepEqual(notSurer.kept.lines, ["CONTOSO LTD.   Fattura", "Francesco 126", "Tose 12500"]);
});

test("when the other ways' budget is spent during the enlarged reading, the page keeps its first reading", async (t) => {
  const budget = new AbortController();
  const { kept } = await readPage(
    12,
    20,
    { sureWords: 45, lines: ["x"] },
    {
      budget: () => budget.signal,
      during: () => {
        budget.abort();
        throw new Error("stopped");
      },
    },
  );
  t.is(kept.sureWords, 20);
});

test("an invoice exported at a screen's resolution reads its total, number and date once enlarged", async (t) => {
  const reader = createDocumentReader({ languages: ["eng"], ocrWorkers: 1, timeoutMs: 120_000, secondEye: "off" });
  try {
    const read = await reader.read({ bytes: INVOICE, mediaType: "image/png", filename: null }, { method: "ocr" });
    if (E.isLeft(read)) return t.fail(`${read.left.reason}: ${read.left.detail}`);
    t.is(read.right.fields.totalAmount, "125.00");
    t.is(read.right.fields.invoiceNumber, "54321");
    t.is(read.right.fields.invoiceDate, "2022-02-10");
    t.is(read.right.fields.currency, "EUR");
    t.regex(read.right.fields.supplierName ?? "", /CONTOSO/);
  } finally {
    await reader.close();
  }
});
