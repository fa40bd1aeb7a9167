import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { createCheckedAgents } from "@apar/adapters/webhooks/guard/checked-agents";
import test from "ava";

const get = (agent: http.Agent, host: string, port: number): Promise<number | string> =>
  new Promise((resolve) => {
    const request = http.request({ host, port, path: "/", agent }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", (error) => resolve(error.message));
    request.end();
  });

test("the agents check every connection they open, whatever asked for it", async (t) => {
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

  const strict = createCheckedAgents({ allowInsecureLoopback: false, privateCidrs: [] });
  const loopbackAllowed = createCheckedAgents({ allowInsecureLoopback: true, privateCidrs: [] });
  t.teardown(() => {
    for (const agents of [strict, loopbackAllowed]) {
      agents.http.destroy();
      agents.https.destroy();
    }
  });

  t.regex(String(await get(strict.http, "127.0.0.1", port)), /refused to connect to 127\.0\.0\.1 \(loopback\)/);
  // A name is never connected to: the agents only dial checked IP addresses, never look a name up themselves.
  t.regex(String(await get(loopbackAllowed.http, "localhost", port)), /refused to connect to localhost/);
  t.is(connections, 0);
  t.is(await get(loopbackAllowed.http, "127.0.0.1", port), 200);
  t.is(connections, 1);
});
