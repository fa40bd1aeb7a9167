import { extractFromText } from "@apar/core/extraction";

/** How a page was read: its text layer or OCR. */
export type Reader = Parameters<typeof extractFromText>[1];
/** The fields the reader gives. */
export type Fields = ReturnType<typeof extractFromText>["fields"];

/** The fields read from a page's lines, without positions. */
export const fieldsOf = (reader: Reader, ...lines: string[]): Fields => extractFromText(lines, reader).fields;
