/** Most header fields a message may open with: real mail has tens; a relay adds a few per hop. */
export const MAX_HEADER_FIELDS = 1000;
/** Most multipart containers (each declares a boundary) in one message: real mail nests three or four. */
export const MAX_MULTIPART_CONTAINERS = 50;
/** Most MIME parts (boundary delimiter lines) in one message; the parser itself gives up at 1,000. */
export const MAX_MIME_PARTS = 500;

/**
 * A message that is wrong in itself (its structure, not the moment): receivers answer it with a permanent
 * refusal (SMTP 554, HTTP 400), since sending it again can only fail again.
 */
export class UnacceptableMessage extends Error {
  override readonly name = "UnacceptableMessage";
}

const BOUNDARY = /boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi;

/** The header fields of the block before the first empty line (a folded line belongs to the field above). */
const headerFieldCount = (text: string): number => {
  let fields = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, "");
    if (line === "") return fields;
    if (line[0] !== " " && line[0] !== "\t") fields += 1;
    if (fields > MAX_HEADER_FIELDS || end === -1) return fields;
    start = end + 1;
  }
};

/**
 * Refuses, before any parsing, a message whose structure no real mail has and which would cost the parser
 * far more than its size suggests: more than `MAX_HEADER_FIELDS` header fields, more than
 * `MAX_MULTIPART_CONTAINERS` multipart containers (deep nesting), or more than `MAX_MIME_PARTS` parts.
 * One pass over the bytes; throws `UnacceptableMessage` naming the limit.
 */
export const checkMessageShape = (raw: Buffer): void => {
  const text = raw.toString("latin1");
  if (headerFieldCount(text) > MAX_HEADER_FIELDS)
    throw new UnacceptableMessage(`more than ${MAX_HEADER_FIELDS} header fields`);
  const boundaries = new Set<string>();
  for (const match of text.matchAll(BOUNDARY)) {
    boundaries.add(match[1] ?? match[2] ?? "");
    if (boundaries.size > MAX_MULTIPART_CONTAINERS)
      throw new UnacceptableMessage(`more than ${MAX_MULTIPART_CONTAINERS} multipart containers`);
  }
  if (boundaries.size === 0) return;
  let parts = 0;
  for (const line of text.matchAll(/^--([^\r\n]{1,202})\r?$/gm)) {
    if (!boundaries.has((line[1] ?? "").replace(/--$/, "").trimEnd())) continue;
    parts += 1;
    if (parts > MAX_MIME_PARTS) throw new UnacceptableMessage(`more than ${MAX_MIME_PARTS} MIME parts`);
  }
};
