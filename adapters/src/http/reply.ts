import type { Response } from "restify";
import type { HttpReply } from "./route.js";

/**
 * Writes a handler's reply: no body, bytes or text as given, anything else as JSON.
 * JSON is serialised here so that any `+json` content type works without a formatter. The head and body go out
 * in one write (`writeHead` then `end`): restify's `send` would run its formatter chain and write them apart.
 */
export const sendReply = (res: Response, reply: HttpReply): void => {
  const headers: Record<string, string> = { ...reply.headers };
  const { body, status } = reply;
  if (body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  let data: Buffer;
  if (Buffer.isBuffer(body)) {
    data = body;
    headers["Content-Type"] = reply.contentType ?? "application/octet-stream";
  } else if (typeof body === "string") {
    data = Buffer.from(body);
    headers["Content-Type"] = reply.contentType ?? "text/plain; charset=utf-8";
  } else {
    // Encoded once: its length is the Content-Length, and the socket takes the bytes as they are (a string would
    // be measured, then encoded again on its way out).
    data = Buffer.from(JSON.stringify(body));
    headers["Content-Type"] = reply.contentType ?? "application/json";
  }
  headers["Content-Length"] = String(data.length);
  res.writeHead(status, headers);
  res.end(data);
};
