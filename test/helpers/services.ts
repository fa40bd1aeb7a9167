import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import type { TestFn } from "ava";

/**
 * Set by CI (.ci/run): a suite whose service is missing fails instead of being skipped, so CI never skips. On a
 * developer's machine a missing service skips its suite with one line saying what to install.
 */
export const REQUIRE_SERVICES = process.env.APAR_TEST_REQUIRE_SERVICES === "1";

/**
 * The test function a suite should use given why its service is missing (undefined: present): the suite's own,
 * else a skipping one after ONE line naming what to install; under APAR_TEST_REQUIRE_SERVICES=1 one failing test
 * named by the reason stands for the suite instead.
 */
export const suiteNeeding = <T>(test: TestFn<T>, suite: string, missing: string | undefined): TestFn<T> => {
  if (missing === undefined) return test;
  if (REQUIRE_SERVICES)
    test(`${suite} needs a missing service`, (t) => {
      t.fail(`${missing} (APAR_TEST_REQUIRE_SERVICES=1: a missing service is a failure, not a skip)`);
    });
  else console.warn(`${suite}: skipped: ${missing}`);
  return skipping(test);
};

/**
 * A test function that registers every test as skipped and runs no hook (ava's `test.skip` has no hooks, so a suite
 * written against `test.before` would throw; and its hooks would start the missing service's client).
 */
const skipping = <T>(test: TestFn<T>): TestFn<T> => {
  const hook = Object.assign(() => undefined, { always: () => undefined, skip: () => undefined });
  const serial = Object.assign((...args: unknown[]) => (test.serial.skip as (...a: unknown[]) => void)(...args), {
    skip: test.serial.skip,
    todo: test.serial.todo,
    before: hook,
    after: hook,
    beforeEach: hook,
    afterEach: hook,
  });
  return Object.assign((...args: unknown[]) => (test.skip as (...a: unknown[]) => void)(...args), {
    serial,
    skip: test.skip,
    todo: test.todo,
    failing: test.skip,
    before: hook,
    after: hook,
    beforeEach: hook,
    afterEach: hook,
    macro: test.macro,
    meta: test.meta,
  }) as unknown as TestFn<T>;
};

/** Why xmllint cannot run here, or undefined. */
export const xmllintMissing = (): string | undefined =>
  spawnSync("xmllint", ["--version"], { stdio: "ignore" }).error === undefined
    ? undefined
    : 'xmllint is missing: install it with "apt-get install -y libxml2-utils" to check payment files against their schema';

/**
 * Why the Redis at `url` cannot be used, or undefined: one PING over a plain socket (a refused connection answers
 * at once; ioredis would retry it forever).
 */
export const redisMissing = (url: string): Promise<string | undefined> => {
  const { hostname, port } = new URL(url);
  const why = `no Redis answers at ${hostname}:${port || 6379}: install and start one ("apt-get install -y redis-server", or set REDIS_URL) to run the Redis rate-limit tests`;
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ""), port: Number(port || 6379) });
    let answer = "";
    const done = (missing: string | undefined) => {
      socket.destroy();
      resolve(missing);
    };
    socket.setTimeout(10_000, () => done(why));
    socket.on("error", () => done(why));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      // +PONG, or -NOAUTH from a Redis that wants a password (REDIS_URL's, which ioredis gives).
      if (answer.includes("\r\n")) done(/^[+-]/.test(answer) ? undefined : why);
    });
  });
};
