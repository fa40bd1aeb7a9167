// The entry of a reading child process: it reads documents one at a time for the isolated reader, so that a
// hostile document costs this process (its heap limit, its time budget, its death) and never the service.
import type { DocumentReader, DocumentToRead, ReadOptions } from "@apar/core/ports";
import { createDocumentReader, type DocumentReaderOptions } from "./document-reader.js";
import { napiCanvas, pdfjs } from "./pdf-document.js";

/** What the service sends: the reader's options once, then documents. */
export type ReadProcessMessage =
  | { readonly kind: "init"; readonly options: DocumentReaderOptions }
  | {
      readonly kind: "read";
      readonly id: number;
      readonly document: DocumentToRead;
      readonly method: ReadOptions["method"];
      readonly buyer?: ReadOptions["buyer"];
    };

const send = process.send?.bind(process);
if (send === undefined) throw new Error("read-process runs only as a child process with an IPC channel");
let reader: (DocumentReader & { close(): Promise<void> }) | undefined;

// Loads the PDF libraries before the first reading, so that a reading's memory is the document's alone.
const warmUp = async (): Promise<void> => {
  const [m] = await Promise.all([pdfjs(), napiCanvas()]);
  // The module pdfjs itself imports for its in-thread worker, by the same URL (so it is loaded once).
  await import(m.GlobalWorkerOptions.workerSrc);
};

process.on("message", (message: ReadProcessMessage) => {
  if (message.kind === "init") {
    reader = createDocumentReader(message.options);
    // A library that fails to load fails the readings that need it, not the process.
    void warmUp()
      .catch(() => undefined)
      .finally(() => send({ ready: true }));
    return;
  }
  void reader
    ?.read(
      { ...message.document, bytes: new Uint8Array(message.document.bytes) },
      { method: message.method, ...(message.buyer === undefined ? {} : { buyer: message.buyer }) },
    )
    .then((result) => send({ id: message.id, result }));
});
// The service went away or closed the reader: nothing is left to read for.
process.on("disconnect", () => {
  void (reader?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
