// A PDF text layer is judged by its words: glyph codes from a font without a Unicode map send the page to OCR.
import { hasTextLayer } from "@apar/adapters/reading/pdf-document";
import test from "ava";

test("a page of words has a text layer", (t) => {
  t.true(hasTextLayer(["Rechnung Nr. 2041", "Lieferant GmbH, Hafenstraße 4", "Gesamtbetrag 1.190,00 EUR"]));
});

test("glyph codes, stray characters and bare numbers are no text layer", (t) => {
  // What a Type 3 font without ToUnicode gives: as long as a real page, but no words.
  t.false(
    hasTextLayer([
      "!\"#$ %&'() *+,-./ 0123",
      "\u0001\u0002\u0003 \u0004\u0005 \u0006\u0007",
      "#$% &'( )*+ ,-. /01 234",
    ]),
  );
  t.false(hasTextLayer(["BCDFG HJKLM NPQRS", "TVWXZ BCDFG HJKLM", "12 34 56 78 90 12 34"]));
  t.false(hasTextLayer(["  ", "1", "x"]));
});
