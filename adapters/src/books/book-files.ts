import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AccountingChart, BookFormat, JournalEntry } from "@apar/core";
import { datevFile } from "./datev.js";
import { journalCsv } from "./journal-csv.js";

/** A file of the books to send: its format, its period, and what the DATEV header states. */
export interface BookFile {
  readonly format: BookFormat;
  readonly from: string;
  readonly to: string;
  readonly createdAt: Date;
  readonly chart: AccountingChart;
  /** Names the file (`journal`, or an export's id). */
  readonly name: string;
  readonly entries: AsyncIterable<readonly JournalEntry[]>;
}

type Named = Pick<BookFile, "format" | "from" | "to" | "name">;

/** The file's name: DATEV's import looks for `EXTF_` files. */
export const bookFileName = (f: Named): string =>
  f.format === "datev" ? `EXTF_Buchungsstapel_${f.name}_${f.from}_${f.to}.csv` : `${f.name}-${f.from}-${f.to}.csv`;

/**
 * Streams a file of the books to the response as its entries are read, with backpressure: a year's journal holds one
 * batch in memory. CSV in UTF-8; DATEV in Windows-1252, its character set.
 */
export const streamBookFile = async (res: ServerResponse, f: BookFile): Promise<void> => {
  res.writeHead(200, {
    "Content-Type": f.format === "datev" ? "text/csv; charset=windows-1252" : "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${bookFileName(f)}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  try {
    if (f.format === "datev") await pipeline(Readable.from(datevFile(f, f.entries)), res);
    else await pipeline(journalCsv(f.entries), res);
  } catch (error) {
    // A client that hung up ends the file; anything else cuts the answer short (the status is already sent).
    if (res.destroyed && (error as { code?: string }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
};
