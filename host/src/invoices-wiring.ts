import type { RouteDef } from "@apar/adapters/http/index";
import { creditNoteRoutes } from "@apar/adapters/http/routes/credit-note-routes";
import { customerAndProductRoutes } from "@apar/adapters/http/routes/customer-product-routes";
import { importExportRoutes } from "@apar/adapters/http/routes/import-export-routes";
import { invoiceRoutes } from "@apar/adapters/http/routes/invoice-routes";
import { einvoiceWriter, pdfInvoiceRenderer, randomTokens } from "@apar/adapters/invoices/index";
import { EMAIL_INVOICE_JOB, type JobsDeps } from "@apar/core/app";
import type { Clock, Database, EinvoiceWriter, Ids, InvoiceRenderer, Mailer } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import { type Config, publicBaseUrl } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** Service identifiers of the receivables part. */
export const INVOICE_TOKENS = {
  Renderer: Symbol.for("apar.InvoiceRenderer"),
  Einvoices: Symbol.for("apar.EinvoiceWriter"),
  JobDeps: Symbol.for("apar.InvoiceJobDeps"),
} as const;

/** The dependencies of the receivables part's job: `email-invoice`. */
export type InvoiceJobDeps = Pick<JobsDeps, typeof EMAIL_INVOICE_JOB>;

/**
 * The receivables part: the PDF renderer (Factur-X inside) and the e-invoice writer, its job's dependencies, and
 * the customer, product, invoice, payment and credit note routes, and the CSV imports and exports of the catalogue.
 */
export const invoicesModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind<EinvoiceWriter>(INVOICE_TOKENS.Einvoices).toDynamicValue(() => einvoiceWriter());
    bind<InvoiceRenderer>(INVOICE_TOKENS.Renderer).toResolvedValue(
      (facturX: EinvoiceWriter) => pdfInvoiceRenderer({ facturX }),
      [INVOICE_TOKENS.Einvoices],
    );
    bind<InvoiceJobDeps>(INVOICE_TOKENS.JobDeps).toDynamicValue(async (ctx) => ({
      [EMAIL_INVOICE_JOB]: {
        db: await ctx.getAsync<Database>(TOKENS.Database),
        clock: ctx.get<Clock>(TOKENS.Clock),
        ids: ctx.get<Ids>(TOKENS.Ids),
        tokens: randomTokens(),
        publicBaseUrl: publicBaseUrl(config),
        renderer: ctx.get<InvoiceRenderer>(INVOICE_TOKENS.Renderer),
        einvoices: ctx.get<EinvoiceWriter>(INVOICE_TOKENS.Einvoices),
        mailer: await ctx.getAsync<Mailer>(TOKENS.Mailer),
        mailFrom: config.mailFrom,
      },
    }));
    bind<readonly RouteDef[]>(TOKENS.RouteList).toConstantValue([
      ...customerAndProductRoutes(services),
      ...invoiceRoutes(services),
      ...creditNoteRoutes(services),
      ...importExportRoutes(services),
    ]);
  });
