/** A file kept in the document store. */
export interface StoredFile {
  /** Lower-case hex sha-256 of the bytes: the file's name in the store. */
  readonly sha256: string;
  readonly size: number;
}

/**
 * Uploaded documents' bytes, content-addressed: the same bytes are kept once. Writes are atomic (a reader
 * never sees part of a file). Streaming writes are the adapter's (core sees bytes).
 */
export interface DocumentFiles {
  put(bytes: Uint8Array): Promise<StoredFile>;
  /** The bytes, or undefined when no file has that hash. */
  get(sha256: string): Promise<Uint8Array | undefined>;
}
