import pino, { type Logger } from "pino";

/** What the line logged at the end of every request says. */
export interface RequestLine {
  readonly reqId: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
}

/** The message of the request line. */
const MESSAGE = "request";

/** pino's own parts of a logger, by its exported symbols (`pino.symbols`). */
interface Parts {
  readonly levelPrefix: string;
  readonly time: () => string;
  /** The bindings as pino has them at the moment (`setBindings` changes them). */
  chindings(): string;
  readonly end: string;
  readonly stream: { write(line: string): unknown };
  readonly asJson: (obj: object, msg: string, level: number, time: string) => string;
}

type PinoSymbols = Readonly<
  Record<
    | "mixinSym"
    | "hooksSym"
    | "msgPrefixSym"
    | "streamSym"
    | "needsMetadataGsym"
    | "lsCacheSym"
    | "timeSym"
    | "chindingsSym"
    | "endSym"
    | "asJsonSym",
    symbol
  >
>;

const partsOf = (logger: Logger, level: number): Parts | undefined => {
  // Not every symbol is in pino's typings (msgPrefixSym); all are exported.
  const s = pino.symbols as unknown as PinoSymbols;
  const l = logger as unknown as Record<symbol, unknown>;
  const hooks = l[s.hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const stream = l[s.streamSym] as (Parts["stream"] & Record<symbol, unknown>) | undefined;
  // What pino does outside the line's own serialisation: a mixin, hooks, a message prefix, streams that want the
  // line's parts (multistream). With any of them the line goes through pino.
  if (l[s.mixinSym] || hooks?.logMethod || hooks?.streamWrite || l[s.msgPrefixSym]) return undefined;
  if (stream === undefined || typeof stream.write !== "function" || stream[s.needsMetadataGsym] === true)
    return undefined;
  const levelPrefix = (l[s.lsCacheSym] as Record<number, string> | undefined)?.[level];
  const time = l[s.timeSym];
  const chindings = l[s.chindingsSym];
  const end = l[s.endSym];
  const asJson = l[s.asJsonSym];
  if (typeof levelPrefix !== "string" || typeof time !== "function" || typeof chindings !== "string") return undefined;
  if (typeof end !== "string" || typeof asJson !== "function") return undefined;
  return {
    levelPrefix,
    time: time.bind(logger) as () => string,
    chindings: () => l[s.chindingsSym] as string,
    end,
    stream,
    asJson: asJson.bind(logger) as Parts["asJson"],
  };
};

const lineOf = (parts: Parts, time: string, f: RequestLine): string =>
  `${parts.levelPrefix}${time}${parts.chindings()},"reqId":${JSON.stringify(f.reqId)},"method":${JSON.stringify(f.method)},"route":${JSON.stringify(f.route)},"status":${f.status},"durationMs":${f.durationMs},"msg":"${MESSAGE}"${parts.end}`;

/**
 * Writes the line logged at the end of every request: `logger.info(fields, "request")`, the same bytes, made here
 * from the logger's own parts (its level's prefix, time, bindings and line end) and handed to its destination.
 * pino's generic path (arguments, a walk over the object's keys with a serializer lookup and escaping for each)
 * cost a hot GET more than its database row's decoding. Checked once against pino's own serialisation of a sample
 * line; a logger that would write anything else (formatters, serializers, redaction, a mixin, hooks, a message
 * prefix, a multistream) goes through `logger.info` as before. The level is checked at each line.
 */
export const requestLineWriter = (logger: Logger): ((line: RequestLine) => void) => {
  const viaPino = (f: RequestLine) => logger.info({ ...f }, MESSAGE);
  const level = logger.levels.values.info;
  const parts = level === undefined ? undefined : partsOf(logger, level);
  if (parts === undefined || level === undefined) return viaPino;
  const sample: RequestLine = {
    reqId: "0192f0e4-7c3a-7def-8abc-0123456789ab",
    method: "GET",
    route: "/v1/bills/{id}",
    status: 200,
    durationMs: 1.5,
  };
  const sampleTime = ',"time":0';
  if (parts.asJson({ ...sample }, MESSAGE, level, sampleTime) !== lineOf(parts, sampleTime, sample)) return viaPino;
  return (f) => {
    if (logger.isLevelEnabled("info")) parts.stream.write(lineOf(parts, parts.time(), f));
  };
};
