import * as E from "fp-ts/lib/Either.js";
import type { Bill } from "../../bills/model.js";
import type { Extraction, KnownBuyer, ReadFailure } from "../../extraction/model.js";
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
  buyer?: KnownBuyer,
): Promise<E.Either<ReadFailure, Extraction>> => {
  const bytes = await deps.files.get(document.sha256);
  if (bytes === undefined)
    return E.left({ reason: "unreadable", detail: "the document file is missing from the document store" });
  return withTimeout(deps, (signal) =>
    deps.reader
      .read(
        { bytes, mediaType: document.mediaType, filename: document.filename },
        { method: deps.readMethodFor(clientId), signal, ...(buyer === undefined ? {} : { buyer }) },
      )
      // A reader that throws is a reader bug or a crash of its worker; the bill still must not hang.
      .catch((e: unknown) => E.left({ reason: "unreadable" as const, detail: `reader failed: ${String(e)}` })),
  );
};

const present = (xs: readonly (string | null | undefined)[]): string[] => [
  ...new Set(xs.filter((x): x is string => typeof x === "string" && x.trim() !== "")),
];

/** The companies whose forwarding address can bring an organisation its bills (at most 50 looked at). */
const companiesOf = async (stores: Pick<Stores, "companies">, scope: OrgScope) =>
  (await stores.companies.listByClient(scope.clientId, { limit: 50 }, [scope.organisationId])).items;

/**
 * Who an organisation's bills are addressed to: its own name, its seller identity (legal and trading names, VAT
 * number, tax and company registrations, IBANs, address) and the companies that forward bills to it. The reader
 * never takes any of it for the supplier.
 */
export const buyerOf = async (
  stores: Pick<Stores, "organisations" | "sellerIdentities" | "companies">,
  scope: OrgScope,
): Promise<KnownBuyer> => {
  const organisation = await stores.organisations.ofId(scope.clientId, scope.organisationId);
  const seller = await stores.sellerIdentities.ofOrganisation(scope);
  const companies = await companiesOf(stores, scope);
  return {
    names: present([organisation?.name, seller?.legalName, seller?.tradingName, ...companies.map((c) => c.name)]),
    identifiers: present([seller?.vatNumber, seller?.taxRegistration, seller?.companyRegistrationId]),
    ibans: present(seller?.bankAccounts.map((a) => a.iban) ?? []),
    addressLines: present([
      ...(seller?.addressLines ?? []),
      seller === undefined ? null : `${seller.postcode ?? ""} ${seller.city}`.trim(),
    ]),
    emails: present([seller?.contactEmail]),
  };
};

/** Who a company's waiting bills are addressed to: the company, by its name (its organisations are not known yet). */
export const buyerOfCompany = async (
  stores: Pick<Stores, "companies">,
  clientId: string,
  companyId: string,
): Promise<KnownBuyer> => {
  const company = await stores.companies.ofId(clientId, companyId);
  return { names: present([company?.name]), identifiers: [], ibans: [], addressLines: [], emails: [] };
};
