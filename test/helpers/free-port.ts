import { createServer } from "node:net";

/** A loopback port nothing listens on now (a server that must know its own address before it starts takes it). */
export const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? done(address.port) : fail()));
    });
  });
