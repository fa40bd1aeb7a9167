/** Service identifiers of the one inversify container (the only composition root). */
export const TOKENS = {
  Config: Symbol.for("apar.Config"),
  Logger: Symbol.for("apar.Logger"),
  Clock: Symbol.for("apar.Clock"),
  Ids: Symbol.for("apar.Ids"),
  Random: Symbol.for("apar.Random"),
  Database: Symbol.for("apar.Database"),
  Mailer: Symbol.for("apar.Mailer"),
  Worker: Symbol.for("apar.Worker"),
  JobHandlers: Symbol.for("apar.JobHandlers"),
  Routes: Symbol.for("apar.Routes"),
  BearerTokens: Symbol.for("apar.BearerTokens"),
  HttpServer: Symbol.for("apar.HttpServer"),
  Scheduler: Symbol.for("apar.Scheduler"),
} as const;
