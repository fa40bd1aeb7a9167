import { type RequestLine, requestLineWriter } from "@apar/adapters/http/request-line";
import test from "ava";
import pino, { type Logger, type LoggerOptions } from "pino";

/** A logger as the host makes one (base bindings, a child's), writing its lines into an array. */
const loggerWith = (options: LoggerOptions = {}) => {
  const lines: string[] = [];
  const logger = pino(
    { level: "info", base: { service: "apar" }, timestamp: () => ',"time":42', ...options },
    { write: (line: string) => lines.push(line) },
  ).child({ part: "http" });
  // Counts the lines that went through pino's own info (the writer's fallback).
  let viaInfo = 0;
  const info = logger.info.bind(logger);
  logger.info = ((...args: Parameters<Logger["info"]>) => {
    viaInfo += 1;
    return info(...args);
  }) as Logger["info"];
  return { logger, lines, viaInfo: () => viaInfo };
};

const samples: RequestLine[] = [
  {
    reqId: "0192f0e4-7c3a-7def-8abc-0123456789ab",
    method: "GET",
    route: "/v1/bills/{id}",
    status: 200,
    durationMs: 1.5,
  },
  { reqId: "abc-123.def:9", method: "DELETE", route: "unmatched", status: 404, durationMs: 0 },
  { reqId: "x", method: "POST", route: '/v1/"quoted"\\path', status: 500, durationMs: 12345.6 },
  { reqId: "y", method: "PATCH", route: "/v1/zahlungen/é€", status: 429, durationMs: 0.1 },
];

test("the request line is written by hand with the bytes pino writes for the same fields", (t) => {
  const fast = loggerWith();
  const reference = loggerWith();
  const write = requestLineWriter(fast.logger);
  for (const sample of samples) {
    write(sample);
    reference.logger.info({ ...sample }, "request");
  }
  t.is(fast.viaInfo(), 0, "the hand-made line was used");
  t.deepEqual(fast.lines, reference.lines);
  t.deepEqual(JSON.parse(fast.lines[0] ?? "{}"), {
    level: 30,
    time: 42,
    service: "apar",
    part: "http",
    ...samples[0],
    msg: "request",
  });
});

test("the request line follows the logger's level at each line", (t) => {
  const { logger, lines } = loggerWith();
  const write = requestLineWriter(logger);
  logger.level = "warn";
  write(samples[0] as RequestLine);
  t.deepEqual(lines, []);
  logger.level = "info";
  write(samples[0] as RequestLine);
  t.is(lines.length, 1);
});

test("a logger that would write the line otherwise gets it through pino", (t) => {
  const cases: [string, LoggerOptions, (line: Record<string, unknown>) => void][] = [
    ["a mixin", { mixin: () => ({ pid: 7 }) }, (l) => t.is(l.pid, 7)],
    ["a log formatter", { formatters: { log: (o) => ({ ...o, extra: true }) } }, (l) => t.is(l.extra, true)],
    ["redaction", { redact: ["reqId"] }, (l) => t.is(l.reqId, "[Redacted]")],
    ["another message key", { messageKey: "message" }, (l) => t.is(l.message, "request")],
    ["a message prefix", { msgPrefix: "http: " }, (l) => t.is(l.msg, "http: request")],
  ];
  for (const [name, options, check] of cases) {
    const { logger, lines, viaInfo } = loggerWith(options);
    requestLineWriter(logger)(samples[0] as RequestLine);
    t.is(viaInfo(), 1, name);
    check(JSON.parse(lines[0] ?? "{}"));
  }
});
