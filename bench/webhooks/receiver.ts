// The bench's webhook receiver, in a process of its own (a real receiver is elsewhere; in the runner's process it
// would take the runner's CPU). Answers 204 to every POST and tells its parent, in batches, which event reached which
// path at which wall-clock millisecond (`performance.timeOrigin + performance.now()`, comparable across processes).
import { createServer } from "node:http";

let pending: [string, string, number][] = [];
let flushing = false;
const flush = (): void => {
  flushing = false;
  if (pending.length === 0) return;
  process.send?.(pending);
  pending = [];
};

const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    pending.push([
      req.url ?? "/",
      String(req.headers["service-event-id"] ?? ""),
      performance.timeOrigin + performance.now(),
    ]);
    if (!flushing) {
      flushing = true;
      setTimeout(flush, 5);
    }
    res.statusCode = 204;
    res.end();
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.send?.({ port: typeof address === "object" && address !== null ? address.port : 0 });
});
process.on("disconnect", () => process.exit(0));
