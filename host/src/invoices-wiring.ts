import type { RouteDef } from "@apar/adapters/http/index";
import { creditNoteRoutes } from "@apar/adapters/http/routes/credit-note-routes";
import { customerAndProductRoutes } from "@apar/adapters/http/routes/customer-product-routes";
import { type InvoiceRouteDeps, invoiceRoutes } from "@apar/adapters/http/routes/invoice-routes";
import { einvoiceWriter, pdfInvoiceRenderer, randomTokens } from "@apar/adapters/invoices/index";
import { EMAIL_INVOICE_JOB, type JobsDeps } from "@apar/core/app";
import type { Clock, Database, Ids, Mailer } from "@apar/core/ports";
import type { Container } from "inversify";
import type { Config } from "./config.js";
import { TOKENS } from "./tokens.js";

/** Where public invoice pages live: APAR_PUBLIC_URL, or this host's own port on localhost. */
export const publicBaseUrl = (config: Config): string => config.publicUrl ?? `http://localhost:${config.port}`;

const routeDeps = (c: Container): InvoiceRouteDeps => {
  const config = c.get<Config>(TOKENS.Config);
  return {
    get database() {
      return c.get<Database>(TOKENS.Database);
    },
    get ids() {
      return c.get<Ids>(TOKENS.Ids);
    },
    clock: c.get<Clock>(TOKENS.Clock),
    tokens: randomTokens(),
    publicBaseUrl: publicBaseUrl(config),
    renderer: pdfInvoiceRenderer({ facturX: einvoiceWriter() }),
    einvoices: einvoiceWriter(),
  };
};

/** The receivables routes: customers, products, invoices, payments and credit notes. */
export const invoiceRouteList = (c: Container): RouteDef[] => {
  const deps = routeDeps(c);
  return [
    ...customerAndProductRoutes({
      get db() {
        return deps.database;
      },
      get ids() {
        return deps.ids;
      },
      clock: deps.clock,
    }),
    ...invoiceRoutes(deps),
    ...creditNoteRoutes(deps),
  ];
};

/** The dependencies of the receivables part's job: `email-invoice`. */
export const invoiceJobDeps = async (c: Container): Promise<Pick<JobsDeps, typeof EMAIL_INVOICE_JOB>> => {
  const config = c.get<Config>(TOKENS.Config);
  const deps: JobsDeps[typeof EMAIL_INVOICE_JOB] = {
    db: await c.getAsync<Database>(TOKENS.Database),
    clock: c.get<Clock>(TOKENS.Clock),
    ids: c.get<Ids>(TOKENS.Ids),
    tokens: randomTokens(),
    publicBaseUrl: publicBaseUrl(config),
    renderer: pdfInvoiceRenderer({ facturX: einvoiceWriter() }),
    einvoices: einvoiceWriter(),
    mailer: await c.getAsync<Mailer>(TOKENS.Mailer),
    mailFrom: config.mailFrom,
  };
  return { [EMAIL_INVOICE_JOB]: deps };
};
