import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One streamed step of the fake model's answer. */
export type Step =
  | { readonly text: string }
  | { readonly toolCall: { readonly id: string; readonly name: string; readonly argumentParts: readonly string[] } }
  | { readonly fail: string }
  | { readonly pauseMs: number };

/** What the fake model answers to one request: the steps, then the finish reason (unless a step failed). */
export interface Script {
  readonly steps: readonly Step[];
  readonly finish?: "stop" | "tool_calls" | "length";
}

/**
 * A local server that speaks the OpenAI chat-completions streaming wire format (`POST /v1/chat/completions`,
 * `text/event-stream` of `chat.completion.chunk` objects, `tool_calls` deltas split across chunks, a
 * `finish_reason`, `data: [DONE]`): the scripts answer the requests in order, and every request body is kept.
 */
export interface FakeModel {
  readonly baseUrl: string;
  readonly requests: Record<string, unknown>[];
  /** Answers for the next requests, in order: a script, or one made from the request (to echo a tool's result). */
  script(...scripts: (Script | ((request: Record<string, unknown>) => Script))[]): void;
  /** Resolves when the current request's stream was cut by the client. */
  readonly disconnected: () => number;
  close(): Promise<void>;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "fake-model",
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on("data", (p: Buffer) => parts.push(p));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
  });

const play = async (res: ServerResponse, script: Script, cut: () => void): Promise<void> => {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.on("close", () => {
    if (!res.writableFinished) cut();
  });
  res.write(chunk({ role: "assistant", content: "" }));
  let toolIndex = 0;
  for (const step of script.steps) {
    if (res.destroyed) return;
    if ("text" in step) res.write(chunk({ content: step.text }));
    else if ("pauseMs" in step) await new Promise((r) => setTimeout(r, step.pauseMs));
    else if ("fail" in step) {
      res.write(`data: ${JSON.stringify({ error: { message: step.fail, type: "server_error" } })}\n\n`);
      res.end();
      return;
    } else {
      const index = toolIndex++;
      const [first, ...rest] = step.toolCall.argumentParts;
      res.write(
        chunk({
          tool_calls: [
            {
              index,
              id: step.toolCall.id,
              type: "function",
              function: { name: step.toolCall.name, arguments: first ?? "" },
            },
          ],
        }),
      );
      for (const part of rest) res.write(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  }
  res.write(chunk({}, script.finish ?? (toolIndex > 0 ? "tool_calls" : "stop")));
  res.end("data: [DONE]\n\n");
};

export const startFakeModel = async (): Promise<FakeModel> => {
  const queue: (Script | ((request: Record<string, unknown>) => Script))[] = [];
  const requests: Record<string, unknown>[] = [];
  let cuts = 0;
  let server: Server | undefined;
  server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as Record<string, unknown>;
      requests.push(parsed);
      const next = queue.shift() ?? { steps: [{ text: "(no script)" }] };
      await play(res, typeof next === "function" ? next(parsed) : next, () => cuts++);
    })();
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...scripts) => queue.push(...scripts),
    disconnected: () => cuts,
    close: () =>
      new Promise((resolve) => {
        server?.closeAllConnections();
        server?.close(() => resolve());
      }),
  };
};

/** The events of a Server-Sent Events body: name (undefined for unnamed) and parsed data. */
export const sseEvents = (body: string): { event: string | undefined; data: Record<string, unknown> }[] =>
  body
    .split("\n\n")
    .filter((block) => block.trim() !== "")
    .map((block) => {
      const lines = block.split("\n");
      const name = lines.find((l) => l.startsWith("event: "))?.slice(7);
      const data = lines
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      return { event: name, data: JSON.parse(data) as Record<string, unknown> };
    });
