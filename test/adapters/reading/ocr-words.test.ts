// OCR's words as boxes: tesseract's TSV rows of words (level 5), the others (page, block, line) left out.
import { wordsOfTsv } from "@apar/adapters/reading/ocr-pool";
import test from "ava";

test("the TSV's word rows become boxes in pixels; page, block, paragraph and line rows and empty words do not", (t) => {
  const tsv = [
    "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
    "1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t",
    "4\t1\t1\t1\t1\t0\t243\t141\t449\t50\t-1\t",
    "5\t1\t1\t1\t1\t1\t243\t141\t204\t48\t96.5\tInvoice",
    "5\t1\t1\t1\t1\t2\t476\t141\t216\t50\t95.1\t103767",
    "5\t1\t1\t1\t1\t3\t700\t141\t10\t50\t12.0\t ",
  ].join("\n");
  t.deepEqual(wordsOfTsv(tsv), [
    { text: "Invoice", x: 243, y: 141, width: 204, height: 48, page: 1 },
    { text: "103767", x: 476, y: 141, width: 216, height: 50, page: 1 },
  ]);
  t.deepEqual(wordsOfTsv(""), []);
});
