import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { createPinnedPools } from "@apar/adapters/webhooks/guard/pinned-pools";
import test from "ava";

test("the pools check every connection they open, whatever address they were given", async (t) => {
  let connections = 0;
  const server = http.createServer((_request, response) => response.end("ok"));
  server.on("connection", () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;

  const strict = createPinnedPools({ allowInsecureLoopback: false, privateCidrs: [] });
  const loopbackAllowed = createPinnedPools({ allowInsecureLoopback: true, privateCidrs: [] });
  t.teardown(() => {
    strict.close();
    loopbackAllowed.close();
  });
  const post = (address: string) => ({
    url: new URL(`http://127.0.0.1:${port}/`),
    address,
    headers: {},
    body: "{}",
    timeoutMs: 5_000,
    maxResponseBytes: 1024,
  });

  t.regex((await strict.post(post("127.0.0.1"))).error ?? "", /refused to connect to 127\.0\.0\.1 \(loopback\)/);
  // A name is never connected to: the pools only dial checked IP addresses, never look a name up themselves.
  t.regex((await loopbackAllowed.post(post("localhost"))).error ?? "", /refused to connect to localhost/);
  t.is(connections, 0);
  t.like(await loopbackAllowed.post(post("127.0.0.1")), { status: 200, error: null });
  t.is(connections, 1);
});
