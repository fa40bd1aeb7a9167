import { bankStatementRoutes } from "@apar/adapters/http/routes/bank-statement-routes";
import { paymentAccountRoutes } from "@apar/adapters/http/routes/payment-account-routes";
import { paymentRunRoutes } from "@apar/adapters/http/routes/payment-run-routes";
import { ContainerModule } from "inversify";
import type { Services } from "./services.js";
import { TOKENS } from "./tokens.js";

/** The payments part: payment runs (pain.001 files), the bank's answers and bank statement imports (camt). */
export const paymentsModule = (services: Services): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.RouteList).toConstantValue([
      ...paymentRunRoutes(services),
      ...bankStatementRoutes(services),
      ...paymentAccountRoutes(() => {
        const s = services();
        return { ...s, gateway: s.paymentGateway };
      }),
    ]);
  });
