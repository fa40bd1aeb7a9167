import { surveyPdf } from "@apar/adapters/reading/pdf-limits";
import test from "ava";
import { pdfWithPageImage } from "../../helpers/bombs.js";

// Caps scaled down a hundredfold: a stream may decode to 1 MiB, an image may have 400,000 pixels.
const LIMITS = { maxStreamBytes: 2 ** 20, maxDocumentBytes: 4 * 2 ** 20, maxPixels: 400_000 };

test("an image whose raster is more than a stream's cap but within its pixels passes (a 600 dpi scan's page)", (t) => {
  // 700 x 500 RGB: 1,050,000 bytes of pixels and 500 bytes of row tags, over the 1 MiB cap.
  const survey = surveyPdf(pdfWithPageImage(700, 500, 700 * 3 * 500), LIMITS);
  t.deepEqual(survey, { over: null, largestImage: 350_000 });
});

test("an image stream that decodes past its own raster fails, as any stream past its cap", (t) => {
  const survey = surveyPdf(pdfWithPageImage(700, 500, 3 * 2 ** 20), LIMITS);
  t.is(survey.over, `a stream decodes to more than ${(700 * 3 + 1) * 500} bytes`);
});

test("an image of more pixels than the cap fails before its stream is decoded", (t) => {
  const survey = surveyPdf(pdfWithPageImage(1000, 500, 16), LIMITS);
  t.is(survey.over, "an image of 1000x500 pixels is more than 400000");
});
