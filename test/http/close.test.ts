import { connect } from "node:net";
import test from "ava";
import { send } from "./support/client.js";
import { start } from "./support/server.js";

const refused = (port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? "error"));
  });

test("close() lets an in-flight request finish, refuses new connections, and drops idle keep-alive sockets", async (t) => {
  const s = await start();
  // An idle keep-alive connection from an earlier request must not hold close() until its timeout.
  const warm = await fetch(`${s.base}/healthz`);
  await warm.arrayBuffer();
  const slow = send(s.port, { method: "GET", path: "/v1/slow?ms=400" });
  await new Promise((r) => setTimeout(r, 100));
  const started = performance.now();
  const closing = s.http.close().then(() => performance.now() - started);
  t.is(await refused(s.port), "ECONNREFUSED");
  const answer = await slow;
  t.is(answer.status, 200);
  t.deepEqual(answer.json, { done: true });
  t.is(answer.headers.connection, "close");
  const closedAfter = await closing;
  // The slow request had about 300 ms to go: close() waited for it, and not for the 5 s keep-alive timeout.
  t.true(closedAfter > 250, `closed after ${closedAfter} ms`);
  t.true(closedAfter < 2000, `closed after ${closedAfter} ms`);
});

test("close() cuts requests that outlive its bound", async (t) => {
  const s = await start({ closeTimeoutMs: 200 });
  const slow = send(s.port, { method: "GET", path: "/v1/slow?ms=5000" }).then(
    (a) => `answered ${a.status}`,
    (e: NodeJS.ErrnoException) => e.code ?? "error",
  );
  await new Promise((r) => setTimeout(r, 100));
  const started = performance.now();
  await s.http.close();
  t.true(performance.now() - started < 1500);
  t.is(await slow, "ECONNRESET");
});
