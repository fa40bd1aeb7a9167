// A page's payment code (core's parsePaymentCode: the Swiss QR-bill's, a GiroCode), found by jsQR in the page's
// pixels. jsQR is a pure JavaScript decoder (no native part, no download), the one the tests already decode apar's
// own GiroCodes with. Looked for only on a page that shows a payment part's heading (core's PAYMENT_PART).
import { type PaymentCode, parsePaymentCode } from "@apar/core/extraction";
import jsQRModule from "jsqr";
import { type PdfPage, pageRgba } from "./pdf-document.js";
import { imageOnWhite } from "./pixels.js";

// jsqr is CommonJS typed as an ES module: the module object is the function.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/**
 * The resolution a PDF page is drawn at to look for its code: a QR-bill's code (46 mm, at most 73 modules) has
 * modules of 0.6 mm or more, four pixels at 150 dpi, which jsQR reads; more would cost more and read no more.
 */
export const CODE_DPI = 150;

/** The payment code among pixels drawn on white, or null. */
const codeIn = (drawn: { rgba: Buffer; width: number; height: number } | null): PaymentCode | null => {
  if (drawn === null) return null;
  const pixels = new Uint8ClampedArray(drawn.rgba.buffer, drawn.rgba.byteOffset, drawn.rgba.byteLength);
  const found = jsQR(pixels, drawn.width, drawn.height, { inversionAttempts: "dontInvert" });
  return found === null ? null : parsePaymentCode(found.data);
};

/**
 * The most pixels a code is looked for among (a page of A3 at 150 dpi has 4.4 million): the pixels, their RGBA copy
 * and jsQR's own planes cost about ten bytes a pixel, within the reading process's memory watch. A larger page or
 * image is drawn smaller, where a code of a normal size still has modules of two pixels or more.
 */
const CODE_MAX_PIXELS = 8_000_000;

/**
 * The payment code on a PDF page drawn at CODE_DPI (less, for a page that would be over CODE_MAX_PIXELS), or null;
 * null too when the page cannot be drawn: the code only adds to a reading the text already made.
 */
export const pagePaymentCode = async (page: PdfPage): Promise<PaymentCode | null> => {
  const viewport = page.getViewport({ scale: CODE_DPI / 72 });
  const dpi = CODE_DPI * Math.min(1, Math.sqrt(CODE_MAX_PIXELS / (viewport.width * viewport.height)));
  try {
    return codeIn(await pageRgba(page, dpi));
  } catch {
    return null;
  }
};

/** The payment code in an uploaded image the canvas decodes (drawn within CODE_MAX_PIXELS), or null. */
export const imagePaymentCode = async (bytes: Uint8Array): Promise<PaymentCode | null> =>
  codeIn(await imageOnWhite(bytes, CODE_MAX_PIXELS));
