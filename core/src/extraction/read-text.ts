import { assessConfidence } from "./confidence.js";
import type { Extraction, ReaderKind } from "./model.js";
import { parseBillText } from "./text/parse-bill-text.js";

/** Reads a bill from its text lines into an Extraction with per-field and overall confidence. */
export const extractFromText = (lines: readonly string[], reader: ReaderKind): Extraction => {
  const { fields, found } = parseBillText(lines);
  const { fieldConfidence, confidence } = assessConfidence(fields, found);
  return { reader, fields, fieldConfidence, confidence };
};
