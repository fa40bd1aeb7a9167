import { creditNoteRoutes } from "@apar/adapters/http/routes/credit-note-routes";
import { customerAndProductRoutes } from "@apar/adapters/http/routes/customer-product-routes";
import { importExportRoutes } from "@apar/adapters/http/routes/import-export-routes";
import { invoiceRoutes } from "@apar/adapters/http/routes/invoice-routes";
import { einvoiceWriter, pdfInvoiceRenderer, randomTokens } from "@apar/adapters/invoices/index";
import { EMAIL_INVOICE_JOB } from "@apar/core/app";
import type { EinvoiceWriter } from "@apar/core/ports";
import { ContainerModule } from "inversify";
import { type Config, publicBaseUrl } from "./config.js";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/**
 * The receivables part: the PDF renderer (Factur-X inside) and the e-invoice writer, its job's dependencies, and
 * the customer, product, invoice, payment and credit note routes, and the CSV imports and exports of the catalogue.
 */
export const invoicesModule = (config: Config, services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.EinvoiceWriter).toDynamicValue(() => einvoiceWriter());
    bind(TOKENS.InvoiceRenderer).toResolvedValue(
      (facturX: EinvoiceWriter) => pdfInvoiceRenderer({ facturX }),
      [TOKENS.EinvoiceWriter],
    );
    bind(TOKENS.InvoiceJobDeps).toDynamicValue(async (ctx) => ({
      [EMAIL_INVOICE_JOB]: {
        db: await ctx.getAsync(TOKENS.Database),
        clock: ctx.get(TOKENS.Clock),
        ids: ctx.get(TOKENS.Ids),
        tokens: randomTokens(),
        publicBaseUrl: publicBaseUrl(config),
        renderer: ctx.get(TOKENS.InvoiceRenderer),
        einvoices: ctx.get(TOKENS.EinvoiceWriter),
        mailer: await ctx.getAsync(TOKENS.Mailer),
        mailFrom: config.mailFrom,
      },
    }));
    bind(TOKENS.RouteList).toConstantValue([
      ...customerAndProductRoutes(services),
      ...invoiceRoutes(services),
      ...creditNoteRoutes(services),
      ...importExportRoutes(services),
    ]);
  });
