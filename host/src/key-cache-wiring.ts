import { join } from "node:path";
import { type RedisKeyChannel, redisKeyChannel } from "@apar/adapters/http/auth/key-cache-redis";
import { createKeyCache, type KeyCache, type KeyCacheBus, keyCacheBus } from "@apar/adapters/http/index";
import type { Logger } from "pino";
import { type Config, keyCacheOn } from "./config.js";

/** The file whose every change drops the key caches of the host's processes. */
export const keyCacheStampFile = (dataDir: string): string => join(dataDir, "key-cache.stamp");

/**
 * The process's key cache (api role, `APAR_KEY_CACHE`, and a database this host opened itself: one whose writes
 * it sees) and the bus its database tells after a key table's write commits: the stamp file always (other
 * processes of the host may cache), Redis whenever `REDIS_URL` is set (other instances may cache).
 */
export const openKeyCacheBus = async (config: Config, logger: Logger, ownDatabase: boolean): Promise<KeyCacheBus> => {
  const stampFile = keyCacheStampFile(config.dataDir);
  const caching = ownDatabase && config.roles.includes("api") && keyCacheOn(config);
  let cache: KeyCache | undefined;
  const channel: RedisKeyChannel | undefined =
    config.redisUrl === undefined
      ? undefined
      : await redisKeyChannel(config.redisUrl, caching ? () => cache?.clear() : undefined);
  if (caching) {
    cache = createKeyCache({ stampFile, ...(channel === undefined ? {} : { healthy: channel.healthy }) });
    if (channel !== undefined && !channel.healthy())
      logger.warn("redis unreachable: API keys are read on every request until it answers");
  }
  return keyCacheBus({
    cache,
    stampFile,
    ...(channel === undefined ? {} : { publish: channel.publish, close: channel.close }),
    onError: (error, what) =>
      logger.error(
        { err: error instanceof Error ? error.message : String(error) },
        what === "stamp"
          ? "key cache stamp not written: other processes of this host keep keys verified before the change up to 30 s"
          : "key cache change not published: other instances keep keys verified before the change up to 30 s",
      ),
  });
};
