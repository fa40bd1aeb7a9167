/** The deepest nesting of arrays and objects a JSON request body may have; real bodies stay under 10. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the JSON text nests arrays and objects deeper than `max`, found in one pass over the bytes without
 * parsing (so a hostile body never reaches a recursive decoder). Brackets inside strings do not count; UTF-8
 * continuation bytes are all above 0x7f, so they are never taken for quotes or brackets.
 * Example: `nestsDeeperThan(Buffer.from("[[1]]"), 1)` is true.
 */
export const nestsDeeperThan = (text: Uint8Array, max: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const b = text[i];
    if (inString) {
      if (b === BACKSLASH) i += 1;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) {
      inString = true;
    } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
};
