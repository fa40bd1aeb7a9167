import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as http from "node:http";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { createGuardedClient, type GuardedClientOptions } from "@apar/adapters/webhooks/guarded-client";
import test, { type ExecutionContext } from "ava";
import * as E from "fp-ts/lib/Either.js";

interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
  readonly servername: string | false | null | undefined;
}

interface Receiver {
  readonly port: number;
  readonly received: Received[];
  connections: number;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const listen = async (
  t: ExecutionContext,
  server: http.Server | https.Server,
  handler: Handler,
  host = "127.0.0.1",
  port = 0,
): Promise<Receiver> => {
  const receiver: Receiver = { port: 0, received: [], connections: 0 };
  server.on("connection", () => {
    receiver.connections++;
  });
  server.on("request", (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
        servername: (request.socket as TLSSocket).servername,
      });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return Object.assign(receiver, { port: (server.address() as AddressInfo).port });
};

const httpReceiver = (t: ExecutionContext, handler: Handler, host?: string, port?: number) =>
  listen(t, http.createServer(), handler, host, port);

const answer =
  (status: number, headers: Record<string, string> = {}, body = ""): Handler =>
  (_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };

/** A self-signed certificate for hooks.example.com, made with the system's openssl. */
const certificate = (() => {
  let made: { key: string; cert: string } | undefined;
  return () => {
    if (made !== undefined) return made;
    const dir = mkdtempSync(join(tmpdir(), "apar-guard-"));
    try {
      execFileSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "ec",
          "-pkeyopt",
          "ec_paramgen_curve:P-256",
          "-nodes",
          "-days",
          "2",
          "-subj",
          "/CN=hooks.example.com",
          "-addext",
          "subjectAltName=DNS:hooks.example.com",
          "-keyout",
          join(dir, "key.pem"),
          "-out",
          join(dir, "cert.pem"),
        ],
        { stdio: "ignore" },
      );
      made = { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
      return made;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
})();

const tlsReceiver = (t: ExecutionContext, handler: Handler, host: string, port?: number) =>
  listen(t, https.createServer(certificate()), handler, host, port);

const client = (t: ExecutionContext, options: Partial<GuardedClientOptions> = {}) => {
  const made = createGuardedClient({ allowInsecureLoopback: true, privateCidrs: [], ...options });
  t.teardown(() => made.close());
  return made;
};

const delivery = {
  headers: { "content-type": "application/json", "Service-Event-Id": "evt_1" },
  body: '{"id":"evt_1"}',
};

/** A resolver that answers from a script, one answer per call, and counts its calls. */
const scriptedResolver = (answers: ReadonlyArray<readonly string[]>) => {
  const calls: string[] = [];
  const resolve = async (host: string): Promise<readonly string[]> => {
    calls.push(host);
    return answers[(calls.length - 1) % answers.length] ?? [];
  };
  return { resolve, calls };
};

test("a 2xx is ok; the body, the caller's headers and the URL's Host arrive as sent", async (t) => {
  const receiver = await httpReceiver(t, answer(204));
  const result = await client(t).post(`http://127.0.0.1:${receiver.port}/hooks/in?x=1`, {
    headers: { ...delivery.headers, Host: "evil.example", "Content-Length": "1" },
    body: new TextEncoder().encode(delivery.body),
  });
  t.like(result, { ok: true, status: 204, error: null });
  t.true(result.latencyMs > 0, "the latency is measured");
  t.is(receiver.received.length, 1);
  const [got] = receiver.received;
  t.is(got?.method, "POST");
  t.is(got?.url, "/hooks/in?x=1");
  t.is(got?.body.toString(), delivery.body);
  t.is(got?.headers.host, `127.0.0.1:${receiver.port}`);
  t.is(got?.headers["content-length"], String(Buffer.byteLength(delivery.body)));
  t.is(got?.headers["service-event-id"], "evt_1");
  t.is(got?.headers["content-type"], "application/json");
});

test("a 500 is not ok and carries the status", async (t) => {
  const receiver = await httpReceiver(t, answer(500, {}, "boom"));
  const result = await client(t).post(`http://127.0.0.1:${receiver.port}/`, delivery);
  t.like(result, { ok: false, status: 500, error: null });
});

test("a 302 is a failure and is not followed", async (t) => {
  const target = await httpReceiver(t, answer(200));
  const redirecting = await httpReceiver(t, answer(302, { location: `http://127.0.0.1:${target.port}/stolen` }));
  const result = await client(t).post(`http://127.0.0.1:${redirecting.port}/`, delivery);
  t.is(result.ok, false);
  t.is(result.status, 302);
  t.regex(result.error ?? "", /redirect/);
  t.is(redirecting.received.length, 1);
  t.is(target.received.length, 0);
});

test("no answer within the timeout is a failure after the timeout", async (t) => {
  const silent = await httpReceiver(t, () => {});
  const result = await client(t, { timeoutMs: 200 }).post(`http://127.0.0.1:${silent.port}/`, delivery);
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? "", /timeout/);
  // The silent receiver never answers, so answering at all is the timeout's doing.
  t.true(result.latencyMs > 0, "the latency is reported");
});

test("a resolver that does not answer counts against the same timeout", async (t) => {
  const hanging = { resolve: () => new Promise<readonly string[]>(() => {}) };
  const result = await client(t, { timeoutMs: 100, ...hanging }).post("https://hooks.example.com/", delivery);
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? "", /timeout/);
  t.true(result.latencyMs > 0, "the latency is reported");
});

test("a refused connection is a failure with the reason", async (t) => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const result = await client(t).post(`http://127.0.0.1:${port}/`, delivery);
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? "", /ECONNREFUSED/);
});

test("when an address cannot be connected to, the host's next checked address is tried", async (t) => {
  const receiver = await httpReceiver(t, answer(200), "127.0.0.1");
  const resolver = scriptedResolver([["127.0.0.3", "127.0.0.1"]]);
  const result = await client(t, { resolve: resolver.resolve }).post(`http://localhost:${receiver.port}/`, delivery);
  t.like(result, { ok: true, status: 200, error: null });
  t.is(resolver.calls.length, 1);
  t.is(receiver.received.length, 1);
});

test("a long answer is read up to the limit and the delivery still counts", async (t) => {
  const chatty = await httpReceiver(t, answer(200, {}, "x".repeat(1024 * 1024)));
  const result = await client(t, { maxResponseBytes: 1024 }).post(`http://127.0.0.1:${chatty.port}/`, delivery);
  t.like(result, { ok: true, status: 200, error: null });
});

test("a public-looking name that resolves to a forbidden address is refused without connecting", async (t) => {
  const receiver = await tlsReceiver(t, answer(200), "127.0.0.1");
  const url = `https://hooks.example.com:${receiver.port}/`;
  const strict = { allowInsecureLoopback: false, extraCa: certificate().cert };
  for (const answers of [["127.0.0.1"], ["93.184.216.34", "127.0.0.1"], ["::ffff:127.0.0.1"], ["::1"]]) {
    const resolver = scriptedResolver([answers]);
    const guarded = client(t, { ...strict, resolve: resolver.resolve });
    const result = await guarded.post(url, delivery);
    t.like(result, { ok: false, status: null }, answers.join());
    t.regex(result.error ?? "", /not allowed \(loopback\)/);
    t.deepEqual(resolver.calls, ["hooks.example.com"]);
    const validated = await guarded.validate(url);
    t.true(E.isLeft(validated));
    if (E.isLeft(validated)) t.is(validated.left.errors?.[0]?.code, "url.forbidden_address");
  }
  // Loopback receivers are allowed in tests, but other private answers still are not.
  for (const answers of [["169.254.169.254"], ["10.0.0.7"], ["0.0.0.0"]]) {
    const resolver = scriptedResolver([answers]);
    const result = await client(t, { resolve: resolver.resolve }).post(`https://hooks.example.com/`, delivery);
    t.like(result, { ok: false, status: null }, answers.join());
    t.regex(result.error ?? "", /not allowed/);
  }
  t.is(receiver.connections, 0);
  t.is(receiver.received.length, 0);
});

test("an unresolvable name fails validation and delivery", async (t) => {
  const failing = async (): Promise<readonly string[]> => {
    throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
  };
  const guarded = client(t, { resolve: failing });
  const validated = await guarded.validate("https://nowhere.example.com/");
  t.true(E.isLeft(validated));
  if (E.isLeft(validated)) t.is(validated.left.errors?.[0]?.code, "url.unresolvable");
  const result = await guarded.post("https://nowhere.example.com/", delivery);
  t.like(result, { ok: false, status: null });
  t.regex(result.error ?? "", /ENOTFOUND/);
});

test("DNS rebinding cannot reach loopback: one lookup per attempt, the checked address is the one connected to", async (t) => {
  // The allowed receiver is 127.0.0.2 (an operator range); 127.0.0.1 on the same port plays the forbidden target.
  const receiver = await tlsReceiver(t, answer(200), "127.0.0.2");
  const target = await tlsReceiver(t, answer(200), "127.0.0.1", receiver.port);
  const resolver = scriptedResolver([["127.0.0.2"], ["127.0.0.1"]]);
  const guarded = client(t, {
    allowInsecureLoopback: false,
    privateCidrs: ["127.0.0.2/32"],
    resolve: resolver.resolve,
    extraCa: certificate().cert,
  });
  const url = `https://hooks.example.com:${receiver.port}/in`;

  const first = await guarded.post(url, delivery);
  t.like(first, { ok: true, status: 200, error: null });
  t.is(resolver.calls.length, 1);
  t.is(receiver.received[0]?.headers.host, `hooks.example.com:${receiver.port}`);
  t.is(receiver.received[0]?.servername, "hooks.example.com");

  // Save-time validation and the next attempt each look up once; a rebound answer is refused before connecting.
  t.true(E.isLeft(await guarded.validate(url)));
  t.is(resolver.calls.length, 2);
  t.like(await guarded.post(url, delivery), { ok: true, status: 200 });
  t.is(resolver.calls.length, 3);
  const rebound = await guarded.post(url, delivery);
  t.like(rebound, { ok: false, status: null });
  t.regex(rebound.error ?? "", /127\.0\.0\.1.*not allowed/);
  t.is(resolver.calls.length, 4);

  t.is(receiver.received.length, 2);
  t.is(target.connections, 0);
  t.is(target.received.length, 0);
});

test("the certificate is checked against the URL's name, not the pinned address", async (t) => {
  const receiver = await tlsReceiver(t, answer(200), "127.0.0.1");
  const resolver = scriptedResolver([["127.0.0.1"]]);
  const guarded = client(t, { resolve: resolver.resolve, extraCa: certificate().cert });
  t.like(await guarded.post(`https://hooks.example.com:${receiver.port}/`, delivery), { ok: true, status: 200 });
  const wrongName = await guarded.post(`https://other.example.com:${receiver.port}/`, delivery);
  t.like(wrongName, { ok: false, status: null });
  t.regex(wrongName.error ?? "", /altnames|certificate/i);
  // Without the extra CA the self-signed receiver is not trusted.
  const untrusting = client(t, { resolve: resolver.resolve });
  t.like(await untrusting.post(`https://hooks.example.com:${receiver.port}/`, delivery), { ok: false, status: null });
});

test("connections are kept alive and reused across deliveries", async (t) => {
  const receiver = await httpReceiver(t, answer(200));
  const guarded = client(t);
  for (let i = 0; i < 5; i++) t.true((await guarded.post(`http://127.0.0.1:${receiver.port}/`, delivery)).ok);
  t.is(receiver.received.length, 5);
  t.is(receiver.connections, 1);
});

test("bad and forbidden URLs are failures, never exceptions", async (t) => {
  const guarded = client(t, { allowInsecureLoopback: false });
  for (const url of [
    "not a url",
    "http://example.com/",
    "https://169.254.169.254/",
    "https://[::1]/",
    "https://localhost/",
  ]) {
    const result = await guarded.post(url, delivery);
    t.like(result, { ok: false, status: null }, url);
    t.truthy(result.error);
  }
});
