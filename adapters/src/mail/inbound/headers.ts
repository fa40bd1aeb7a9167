/** The header fields of a raw message, unfolded, in order (the body is never read). */
export const headerFields = (raw: Buffer): readonly { readonly name: string; readonly value: string }[] => {
  const crlf = raw.indexOf("\r\n\r\n");
  const end = crlf >= 0 ? crlf : raw.indexOf("\n\n");
  return raw
    .subarray(0, end < 0 ? raw.length : end)
    .toString("latin1")
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .flatMap((line) => {
      const colon = line.indexOf(":");
      return colon > 0
        ? [{ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() }]
        : [];
    });
};

/** The values of the header fields called `name` (case-insensitive). */
export const headerValues = (raw: Buffer, name: string): string[] => {
  const wanted = name.toLowerCase();
  return headerFields(raw)
    .filter((f) => f.name === wanted)
    .map((f) => f.value);
};
