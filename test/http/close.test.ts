import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import test from "ava";
import { holdNextGated } from "./support/routes.js";
import { logLine, start } from "./support/server.js";

const refused = (port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
  });

/** A GET over `agent`, answering the status, the Connection header, the body and the socket it went over. */
const get = (port: number, path: string, agent: Agent | false = false) =>
  new Promise<{ status: number; connection: string | undefined; body: string; socket: Socket }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString();
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body,
          socket: req.socket as Socket,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });

// Order and outcome only: every step waits for the event it needs, never for a number of milliseconds.
test("close() lets an in-flight request finish, refuses new connections, and drops idle keep-alive sockets", async (t) => {
  const s = await start();
  // Out of reach: if the idle socket goes, close() dropped it (a test stuck here fails at ava's timeout).
  s.http.server.server.keepAliveTimeout = 3_600_000;
  const order: string[] = [];
  // An idle keep-alive connection from an earlier request must not hold close() until its timeout.
  const agent = new Agent({ keepAlive: true });
  t.teardown(() => agent.destroy());
  const warm = await get(s.port, "/healthz", agent);
  t.is(warm.status, 200);
  const idleClosed = new Promise<void>((resolve) => warm.socket.once("close", () => resolve()));
  t.false(warm.socket.destroyed, "the warm socket is kept alive");

  const gate = holdNextGated();
  const inFlight = get(s.port, "/v1/gated");
  await gate.inside;
  // The server logs a request once its response is done: by then the answer has been handed to the socket.
  const answered = () => s.logs.some((l) => l.msg === "request" && l.route === "/v1/gated" && l.status === 200);
  const closing = s.http.close().then(() => order.push(answered() ? "close resolved" : "close resolved unanswered"));

  await idleClosed;
  order.push("idle socket closed");
  t.is(await refused(s.port), "ECONNREFUSED", "no new connections while closing");
  order.push("gate opened");
  gate.open();
  const answer = await inFlight;
  t.deepEqual([answer.status, JSON.parse(answer.body)], [200, { done: true }]);
  t.is(answer.connection, "close", "the answer tells the client the connection ends");
  await closing;
  // The idle socket went while the request still ran, so close() never waited on it (nor on its keep-alive
  // timeout); close() resolved only after the request in flight was let go and its answer sent.
  t.deepEqual(order, ["idle socket closed", "gate opened", "close resolved"]);
});

test("close() cuts requests that outlive its bound", async (t) => {
  const s = await start({ closeTimeoutMs: 200 });
  // A request that is never let go: only the bound can end it.
  const gate = holdNextGated();
  t.teardown(gate.open);
  const held = get(s.port, "/v1/gated").then(
    (a) => `answered ${a.status}`,
    (e: NodeJS.ErrnoException) => e.code ?? "error",
  );
  await gate.inside;
  await s.http.close();
  t.is(await held, "ECONNRESET");
  t.truthy(await logLine(s.logs, (l) => l.msg === "closing: cutting connections of requests still running"));
});

test("close() waits for the handler of a request whose client has left", async (t) => {
  const s = await start();
  const order: string[] = [];
  const gate = holdNextGated();
  const req = request({ host: "127.0.0.1", port: s.port, path: "/v1/gated", agent: false });
  req.on("error", () => {});
  req.end();
  await gate.inside;
  // The client goes; the handler still runs (as a load generator stopping mid-request leaves it).
  req.destroy();
  const serverClosed = new Promise<void>((resolve) => s.http.server.server.once("close", () => resolve()));
  const closing = s.http.close().then(() => order.push("close resolved"));
  await serverClosed;
  order.push("no connection left");
  // Every continuation already due runs before this: close() would have resolved by now if it did not wait.
  await new Promise((resolve) => setImmediate(resolve));
  order.push("gate opened");
  gate.open();
  await closing;
  t.deepEqual(order, ["no connection left", "gate opened", "close resolved"]);
});
