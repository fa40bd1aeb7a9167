import { maxHeaderSize, type Server, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "pino";
import { PROBLEM_JSON, type Problem, problem } from "./problem.js";

/** A request line longer than this, when the headers overflow, is answered 414 rather than 431. */
const LONG_REQUEST_LINE = 8 * 1024;
/** How long a socket answered here may keep sending before it is cut (the rest is read and dropped). */
const DRAIN_MS = 5000;

type ParseError = Error & { code?: string; rawPacket?: Buffer };
type ServerSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/** Whether the chunk the parser failed on opens a request line that has no end within the limit. */
const opensLongRequestLine = (raw: Buffer | undefined): boolean => {
  if (raw === undefined || !/^[A-Z]{3,10} /.test(raw.subarray(0, 12).toString("latin1"))) return false;
  const end = raw.indexOf("\r\n");
  return end === -1 || end > LONG_REQUEST_LINE;
};

/** The problem for an error node:http met before any route saw the request; undefined when none can be sent. */
const problemFor = (error: ParseError): Problem | undefined => {
  switch (error.code) {
    case "ECONNRESET":
    case "EPIPE":
      return undefined;
    case "HPE_HEADER_OVERFLOW":
      return opensLongRequestLine(error.rawPacket)
        ? problem(414, "Request.UriTooLong", `The request line is longer than ${LONG_REQUEST_LINE} bytes.`, undefined)
        : problem(
            431,
            "Request.HeadersTooLarge",
            `The request line and headers are larger than ${maxHeaderSize} bytes.`,
            undefined,
          );
    case "HPE_HEADERS_TIMEOUT":
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return problem(408, "Request.Timeout", "The request was not received in time.", undefined);
    default:
      return problem(400, "Request.Malformed", "The request is not valid HTTP/1.1.", undefined);
  }
};

const wire = (body: Problem): string => {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status] ?? ""}\r\nContent-Type: ${PROBLEM_JSON}\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`
  );
};

/**
 * Answers what node:http refuses before routing (over-long request lines and headers, malformed requests,
 * header timeouts) with a problem body instead of Node's bare status and reset: the socket is ended after the
 * answer and what the client still sends is read and dropped, so the client reads the answer rather than a
 * reset. The parser reports each later chunk again; only the first report of a socket is answered.
 */
export const answerClientErrors = (server: Server, log: Logger): void => {
  const answered = new WeakSet<Socket>();
  server.on("clientError", (error: ParseError, socket: ServerSocket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    const body = problemFor(error);
    // A response already under way on this socket (pipelining) must not be corrupted: cut it instead.
    if (body === undefined || !socket.writable || socket._httpMessage?.headersSent === true) {
      socket.destroy();
      return;
    }
    log.info({ code: error.code, status: body.status }, "request refused before routing");
    socket.end(wire(body));
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
};
