// Pure reading of bills: text lines or a parsed e-invoice into fields with confidence.
export {
  bestOfReadings,
  bestOfTwoEngines,
  readAlike,
  type TokenToCheck,
  tokensToCheck,
  withCheckedTokens,
  withModelAnswers,
} from "./best-of-readings.js";
export { assessConfidence, billConfidence, carriesNumber } from "./confidence.js";
export { einvoiceKind, extractFromEinvoice } from "./einvoice/read-einvoice.js";
export type { XmlNode } from "./einvoice/xml-tree.js";
export type * from "./model.js";
export { PAYMENT_PART, type PaymentCode, parsePaymentCode, withPaymentCode } from "./payment-code.js";
export { extractFromText } from "./read-text.js";
export { findDate } from "./text/dates.js";
export {
  detectLanguage,
  languageOf,
  ocrLanguagesOf,
  scriptLanguageOf,
  tesseractCode,
} from "./text/language.js";
export { parseNumber } from "./text/numbers.js";
export { parseBillText, type ReadingContext } from "./text/parse-bill-text.js";
export { amountsInWords } from "./text/words-amount.js";
