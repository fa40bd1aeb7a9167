import { Redis } from "ioredis";

/** The channel every instance's key cache listens on. */
export const KEY_CACHE_CHANNEL = "apar:key-cache";

/** Other instances, through Redis: told of a change, and telling this one. */
export interface RedisKeyChannel {
  /** Publishes a change; resolves once Redis has taken it (it has then written it to every subscriber). */
  publish(): Promise<void>;
  /** True while this instance is subscribed: it would hear of a change. */
  healthy(): boolean;
  close(): Promise<void>;
}

const PUBLISH_TIMEOUT_MS = 2_000;

/**
 * Subscribes to the channel (when `onChange` is given: a process with a cache) and publishes on a second
 * connection opened at the first change. A subscription lost and regained is reported as a change too: messages
 * sent meanwhile are lost.
 */
export const redisKeyChannel = async (
  url: string,
  onChange: (() => void) | undefined,
  waitMs = 5_000,
): Promise<RedisKeyChannel> => {
  let subscriber: Redis | undefined;
  let subscribed = false;
  if (onChange !== undefined) {
    const connection = new Redis(url, { connectTimeout: waitMs, maxRetriesPerRequest: 1 });
    subscriber = connection;
    // Errors are reconnect attempts: the cache is unused until subscribed again (`healthy`).
    connection.on("error", () => {});
    connection.on("close", () => {
      subscribed = false;
      onChange();
    });
    // ioredis subscribes again itself on reconnecting, before "ready".
    connection.on("ready", () => {
      subscribed = true;
      onChange();
    });
    connection.on("message", (channel: string) => {
      if (channel === KEY_CACHE_CHANNEL) onChange();
    });
    try {
      await Promise.race([
        connection.subscribe(KEY_CACHE_CHANNEL),
        new Promise((_, reject) => setTimeout(() => reject(new Error("redis: no answer")), waitMs).unref()),
      ]);
      subscribed = connection.status === "ready";
    } catch {
      subscribed = false;
    }
  }
  let publisher: Redis | undefined;
  return {
    async publish() {
      if (publisher === undefined) {
        publisher = new Redis(url, { connectTimeout: waitMs, maxRetriesPerRequest: 1 });
        // A failed publish is reported by its promise; reconnect attempts are not.
        publisher.on("error", () => {});
      }
      const client = publisher;
      await Promise.race([
        client.publish(KEY_CACHE_CHANNEL, String(process.pid)),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error("redis: publish timed out")), PUBLISH_TIMEOUT_MS).unref(),
        ),
      ]);
    },
    healthy: () => subscribed && subscriber?.status === "ready",
    async close() {
      for (const connection of [subscriber, publisher]) {
        connection?.removeAllListeners("close");
        await connection?.quit().catch(() => connection.disconnect());
      }
    },
  };
};
