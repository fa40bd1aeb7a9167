// Reading bill documents: the DocumentReader implementation and its parts.
export {
  createDocumentReader,
  type DocumentReaderOptions,
  wantsSecondEye,
  withSecondEye,
} from "./document-reader.js";
export { readEinvoiceXml } from "./einvoice-xml.js";
export { createIsolatedReader, type IsolatedReaderOptions } from "./isolated-reader.js";
export type { LlmConfig } from "./llm-reader.js";
export { detectMedia, imageSize, MEDIA_TYPES, type MediaKind } from "./media.js";
