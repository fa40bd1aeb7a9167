import { Redis } from "ioredis";
import type { Logger } from "pino";

/**
 * Opens the Redis connection of the shared rate-limit store and waits (up to `waitMs`) until it is ready.
 * Commands never queue while it is down: the limiter then answers from this process's memory, and the log says so.
 */
export const connectRedis = async (url: string, logger: Logger, waitMs = 5_000): Promise<Redis> => {
  // Auto-pipelining writes the commands of one event-loop turn together: fewer syscalls under load.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: waitMs,
    enableAutoPipelining: true,
  });
  let healthy = true;
  client.on("error", (err: Error) => {
    // ioredis reports every reconnect attempt; one line per outage is enough.
    if (healthy) logger.warn({ err: err.message }, "redis unreachable: rate limits count per process until it returns");
    healthy = false;
  });
  client.on("ready", () => {
    if (!healthy) logger.info("redis reachable again: rate limits are shared");
    healthy = true;
  });
  if (client.status !== "ready") {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      client.once("ready", done);
    });
  }
  return client;
};
