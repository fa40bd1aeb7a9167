/** Service identifiers of the one inversify container (the only composition root). */
export const TOKENS = {
  Config: Symbol.for("apar.Config"),
  Logger: Symbol.for("apar.Logger"),
  Clock: Symbol.for("apar.Clock"),
  Ids: Symbol.for("apar.Ids"),
  Random: Symbol.for("apar.Random"),
  Database: Symbol.for("apar.Database"),
  Metrics: Symbol.for("apar.Metrics"),
  Mailer: Symbol.for("apar.Mailer"),
  Worker: Symbol.for("apar.Worker"),
  RunnableJobs: Symbol.for("apar.RunnableJobs"),
  /** Every route, in one list (what the api role serves and `apar openapi` documents). */
  Routes: Symbol.for("apar.Routes"),
  /** One part's routes; bound once by each container module that has routes (multi-injection). */
  RouteList: Symbol.for("apar.RouteList"),
  /** What routes use when a request runs (`RouteServices`); resolved by the api role before it listens. */
  RouteServices: Symbol.for("apar.RouteServices"),
  BearerTokens: Symbol.for("apar.BearerTokens"),
  HttpServer: Symbol.for("apar.HttpServer"),
  Scheduler: Symbol.for("apar.Scheduler"),
  Notifier: Symbol.for("apar.Notifier"),
  JobsNotifier: Symbol.for("apar.JobsNotifier"),
  WebhookClient: Symbol.for("apar.WebhookClient"),
  WebhookDeps: Symbol.for("apar.WebhookDeps"),
  WebhookRunner: Symbol.for("apar.WebhookRunner"),
} as const;
