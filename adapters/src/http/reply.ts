import type { Response } from "restify";
import type { HttpReply } from "./route.js";

/**
 * Writes a handler's reply: no body, bytes or text as given, anything else as JSON.
 * JSON is serialised here so that any `+json` content type works without a formatter.
 */
export const sendReply = (res: Response, reply: HttpReply): void => {
  const headers: Record<string, string> = { ...reply.headers };
  const { body, status } = reply;
  if (body === undefined) {
    res.send(status, undefined, headers);
    return;
  }
  let data: string | Buffer;
  if (Buffer.isBuffer(body) || typeof body === "string") {
    data = body;
    headers["Content-Type"] =
      reply.contentType ?? (typeof body === "string" ? "text/plain; charset=utf-8" : "application/octet-stream");
  } else {
    data = JSON.stringify(body);
    headers["Content-Type"] = reply.contentType ?? "application/json";
  }
  // restify's sendRaw sets no length; without it every answer would go out chunked.
  headers["Content-Length"] = String(Buffer.byteLength(data));
  res.sendRaw(status, data, headers);
};
