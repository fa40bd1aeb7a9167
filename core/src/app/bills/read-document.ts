import * as E from "fp-ts/lib/Either.js";
import type { Bill } from "../../bills/model.js";
import type { Extraction, ReadFailure } from "../../extraction/model.js";
import type { Stores } from "../../ports/stores.js";
import type { OrgScope } from "../../shared/scope.js";
import type { ReadBillDeps } from "./deps.js";

/** What reading a document needs: the stored files, the reader, the method per client and the time limit. */
export type ReadDocumentDeps = Pick<ReadBillDeps, "files" | "reader" | "readMethodFor" | "readTimeoutMs">;

const withTimeout = async (
  deps: ReadDocumentDeps,
  read: (signal: AbortSignal) => Promise<E.Either<ReadFailure, Extraction>>,
): Promise<E.Either<ReadFailure, Extraction>> => {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<E.Either<ReadFailure, Extraction>>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(E.left({ reason: "timeout", detail: `reading took longer than ${deps.readTimeoutMs} ms` }));
    }, deps.readTimeoutMs);
  });
  try {
    return await Promise.race([read(controller.signal), timedOut]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Reads a bill's stored document, outside any unit of work, for an organisation's bill and a company's waiting
 * bill alike: a missing file or a reader that throws is `unreadable`, one slower than the limit is `timeout`
 * (its reading is aborted). Never throws.
 */
export const readDocument = async (
  deps: ReadDocumentDeps,
  clientId: string,
  document: Bill["document"],
  knownBuyers: readonly string[] = [],
): Promise<E.Either<ReadFailure, Extraction>> => {
  const bytes = await deps.files.get(document.sha256);
  if (bytes === undefined)
    return E.left({ reason: "unreadable", detail: "the document file is missing from the document store" });
  return withTimeout(deps, (signal) =>
    deps.reader
      .read(
        { bytes, mediaType: document.mediaType, filename: document.filename },
        { method: deps.readMethodFor(clientId), signal, knownBuyers },
      )
      // A reader that throws is a reader bug or a crash of its worker; the bill still must not hang.
      .catch((e: unknown) => E.left({ reason: "unreadable" as const, detail: `reader failed: ${String(e)}` })),
  );
};

/**
 * Who an organisation's bills are addressed to: its own name and its seller identity's legal and trading names.
 * The reader never takes them for the supplier.
 */
export const knownBuyersOf = async (
  stores: Pick<Stores, "organisations" | "sellerIdentities">,
  scope: OrgScope,
): Promise<string[]> => {
  const organisation = await stores.organisations.ofId(scope.clientId, scope.organisationId);
  const seller = await stores.sellerIdentities.ofOrganisation(scope);
  const names = [organisation?.name, seller?.legalName, seller?.tradingName];
  return [...new Set(names.filter((n): n is string => typeof n === "string" && n.trim() !== ""))];
};
