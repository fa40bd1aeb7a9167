import { BILL_MEDIA_TYPES } from "@apar/core";
import type { ResponseDef } from "./route.js";

const BYTES = { type: "string", format: "binary" } as const;

/** The answer of a bill's original document: its bytes in the type detected when it came in. */
export const billDocumentAnswer = (description: string): ResponseDef => ({
  description,
  mediaType: BILL_MEDIA_TYPES[0],
  schema: BYTES,
  alternatives: Object.fromEntries(BILL_MEDIA_TYPES.slice(1).map((type) => [type, BYTES])),
});
