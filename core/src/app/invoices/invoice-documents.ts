import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { Invoice } from "../../invoices/model.js";
import type { Stores } from "../../ports/stores.js";
import type { DomainError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import { documentContext, type InvoiceDocumentDeps } from "./deps.js";
import { invoiceNotFound } from "./invoice-rules.js";

/** A rendered file: bytes, media type and a file name. */
export interface RenderedFile {
  readonly bytes: Uint8Array;
  readonly mediaType: string;
  readonly filename: string;
}

/** The file name stem of an invoice: its number, or `draft-<id>` before it has one. */
export const invoiceFileStem = (invoice: Invoice): string => invoice.documentNumber ?? `draft-${invoice.id}`;

/** An invoice with the organisation that issues it. */
export const invoiceWithIssuer = async (
  s: Pick<Stores, "invoices" | "organisations" | "sellerIdentities">,
  scope: OrgScope,
  id: string,
) => {
  const invoice = await s.invoices.ofId(scope, id);
  if (invoice === undefined) return undefined;
  const organisation = await s.organisations.ofId(scope.clientId, scope.organisationId);
  const seller = await s.sellerIdentities.ofOrganisation(scope);
  return { invoice, organisation: organisation ?? { id: scope.organisationId, name: "" }, seller };
};

/** An invoice as a PDF (drafts print as drafts). */
export const invoicePdf =
  (deps: InvoiceDocumentDeps<"invoices" | "organisations" | "sellerIdentities">) =>
  (scope: OrgScope, id: string): TE.TaskEither<DomainError, RenderedFile> =>
  async () => {
    const found = await invoiceWithIssuer(deps.db.stores, scope, id);
    if (found === undefined) return E.left(invoiceNotFound());
    const bytes = await deps.renderer.invoicePdf(
      found.invoice,
      documentContext(deps, found.organisation, found.invoice, found.seller),
    );
    return E.right({ bytes, mediaType: "application/pdf", filename: `${invoiceFileStem(found.invoice)}.pdf` });
  };

/** An invoice as EN 16931 XML: UBL 2.1 or UN/CEFACT CII. */
export const invoiceEinvoice =
  (deps: InvoiceDocumentDeps<"invoices" | "organisations" | "sellerIdentities">) =>
  (scope: OrgScope, id: string, format: "ubl" | "cii"): TE.TaskEither<DomainError, RenderedFile> =>
  async () => {
    const found = await invoiceWithIssuer(deps.db.stores, scope, id);
    if (found === undefined) return E.left(invoiceNotFound());
    const xml = deps.einvoices.write(
      found.invoice,
      documentContext(deps, found.organisation, found.invoice, found.seller),
      format,
    );
    return E.right({
      bytes: new TextEncoder().encode(xml),
      mediaType: "application/xml",
      filename: `${invoiceFileStem(found.invoice)}-${format}.xml`,
    });
  };
