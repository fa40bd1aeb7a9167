import type { RouteServices } from "@apar/adapters/http/routes/index";

/** What route modules are given: every route service, resolved when a request runs (see `TOKENS.RouteServices`). */
export type Services = () => RouteServices;
