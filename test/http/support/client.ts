import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { checkAnswer } from "./response-check.js";

/** An answer read in full. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly json: unknown;
}

/**
 * One request over a fresh connection with node:http, where fetch would hide the bytes (encodings, lengths).
 * The answer is checked against the operation's response in the server's OpenAPI document (response-check.ts):
 * an answer the document does not describe rejects, so the test that got it fails.
 */
export const send = async (port: number, options: Parameters<typeof sendUnchecked>[1]): Promise<Answer> => {
  const answer = await sendUnchecked(port, options);
  await checkAnswer(port, options.method, options.path, answer);
  return answer;
};

/** The same request, its answer not checked against the document (for answers a test makes wrong on purpose). */
export const sendUnchecked = (
  port: number,
  options: {
    method: string;
    path: string;
    headers?: Record<string, string | number>;
    body?: Buffer | readonly Buffer[];
    /** The loopback address to connect from (`127.0.0.2`): another client, as the server sees it. */
    localAddress?: string;
  },
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
        agent: false,
        ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    const { body } = options;
    if (body === undefined) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else {
      // Written piece by piece: chunked transfer, no Content-Length to judge by.
      for (const piece of body) req.write(piece);
      req.end();
    }
  });

/**
 * A gzip body of `inflatedMiB` MiB of zeros, about 1 KiB per MiB on the wire: one member of 1 MiB
 * repeated (a gzip stream may hold several members, and inflaters read them all).
 */
export const gzipBomb = (inflatedMiB: number): Buffer => {
  const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: inflatedMiB }, () => member));
};

/**
 * `fetch` with its answer held to the server's OpenAPI document (as `send`): for tests that want fetch's own
 * handling (redirects, decoding). The body is read once and given back in a new Response.
 */
export const checkedFetch = async (url: string | URL, init?: RequestInit): Promise<Response> => {
  const response = await fetch(url, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const headers = Object.fromEntries(response.headers.entries());
  const { port, pathname, search } = new URL(url);
  const method = init?.method ?? "GET";
  await checkAnswer(Number(port), method, `${pathname}${search}`, { status: response.status, headers, text, json });
  const nullBody = [101, 204, 205, 304].includes(response.status) || method === "HEAD";
  return new Response(nullBody ? null : bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};
