import { type DomainError, validationError } from "@apar/core";
import type { RenderedFile } from "@apar/core/app";
import type { OrgScope } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import type { HttpReply, RouteDef } from "../route.js";
import { idOf, orgScope } from "./support.js";

/** A rendered file as an answer (inline, never sniffed). */
export const fileReply = (file: RenderedFile): HttpReply => ({
  status: 200,
  body: Buffer.from(file.bytes),
  contentType: file.mediaType,
  headers: {
    "Content-Disposition": `inline; filename="${file.filename.replace(/[^\x20-\x7e]|["\\]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
  },
});

/** What a document resource (an invoice, a credit note) gives for its `/pdf` and `/einvoice` routes. */
export interface DocumentFiles {
  /** `/v1/invoices/{id}`: the resource's path; `/pdf` and `/einvoice` are added. */
  readonly path: string;
  /** `Invoice`: the operation ids become `get<Name>Pdf` and `get<Name>Einvoice`. */
  readonly name: string;
  readonly tag: string;
  readonly access: RouteDef["access"];
  readonly pdfSummary: string;
  readonly einvoiceSummary: string;
  /** The 404 answer's description. */
  readonly missing: string;
  readonly pdf: (scope: OrgScope, id: string) => TE.TaskEither<DomainError, RenderedFile>;
  readonly einvoice: (scope: OrgScope, id: string, format: "ubl" | "cii") => TE.TaskEither<DomainError, RenderedFile>;
}

const answered = (file: E.Either<DomainError, RenderedFile>) => (E.isLeft(file) ? file.left : fileReply(file.right));

/** The two file routes of a document resource: its PDF and its EN 16931 XML (UBL 2.1 by default, or CII). */
export const documentFileRoutes = (d: DocumentFiles): RouteDef[] => [
  {
    method: "GET",
    path: `${d.path}/pdf`,
    operationId: `get${d.name}Pdf`,
    summary: d.pdfSummary,
    tags: [d.tag],
    access: d.access,
    responses: {
      "200": { description: "The PDF.", mediaType: "application/pdf", schema: { type: "string", format: "binary" } },
      "404": { description: d.missing },
    },
    handler: async (ctx) => answered(await d.pdf(orgScope(ctx).scope, idOf(ctx))()),
  },
  {
    method: "GET",
    path: `${d.path}/einvoice`,
    operationId: `get${d.name}Einvoice`,
    summary: d.einvoiceSummary,
    tags: [d.tag],
    access: d.access,
    parameters: [{ name: "format", in: "query", schema: { type: "string", enum: ["ubl", "cii"], default: "ubl" } }],
    responses: {
      "200": { description: "The XML.", mediaType: "application/xml", schema: { type: "string" } },
      "400": { description: "`Request.Invalid`: format is not ubl or cii." },
      "404": { description: d.missing },
    },
    handler: async (ctx) => {
      const format = (ctx.query.get("format") ?? "ubl").toLowerCase();
      if (format !== "ubl" && format !== "cii")
        return validationError([{ field: "format", code: "enum", message: "format must be ubl or cii" }]);
      return answered(await d.einvoice(orgScope(ctx).scope, idOf(ctx), format)());
    },
  },
];
