import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import anyTest, { type TestFn } from "ava";
import type { Browser, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { PATIENCE_MS } from "../helpers/eventually.js";
import { suiteNeeding } from "../helpers/services.js";

/** The Debian package's browser (no downloads). */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * Why the browser tests cannot run here, or undefined (a suite passes it to `suiteNeeding`: under
 * APAR_TEST_REQUIRE_SERVICES=1, as CI runs, a missing browser is a failure, not a skip).
 */
export const browserSkipReason = (): string | undefined =>
  existsSync(CHROMIUM)
    ? undefined
    : `${CHROMIUM} is missing: install it with "apt-get install -y chromium" to run the portal's browser tests`;

/**
 * A suite of browser tests: before them the harness `start` makes and Chromium are started and handed to `ready`
 * with the harness's base URL; after them both are closed. Without Chromium the suite is skipped (a failure under
 * APAR_TEST_REQUIRE_SERVICES=1).
 */
export const browserSuite = <H extends { readonly app: { readonly port?: number }; dispose(): Promise<void> }>(
  name: string,
  start: () => Promise<H>,
  ready: (harness: H, browser: Browser, base: string) => void | Promise<void>,
): TestFn<unknown> => {
  const test = suiteNeeding(anyTest as TestFn<unknown>, name, browserSkipReason());
  let harness: H | undefined;
  let browser: Browser | undefined;
  test.before(async () => {
    if (browserSkipReason() !== undefined) return;
    harness = await start();
    browser = await launchChromium();
    await ready(harness, browser, `http://127.0.0.1:${harness.app.port ?? 0}`);
  });
  test.after.always(async () => {
    await browser?.close();
    await harness?.dispose();
  });
  return test;
};

/** Headless Chromium with the flags that keep it quiet and sandbox-free in a container. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });

/** One request a receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on loopback that answers `status` (changeable) and records what it got. */
export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  status: number;
  /** Resolves when `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const startReceiver = async (): Promise<Receiver> => {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  let server: Server | undefined;
  const receiver: Receiver = {
    url: "",
    received,
    status: 200,
    waitFor: (count, timeoutMs = PATIENCE_MS) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${received.length} of ${count}`)), timeoutMs);
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      }),
    close: () => new Promise((resolve) => (server === undefined ? resolve() : server.close(() => resolve()))),
  };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = receiver.status;
      res.end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, { url: `http://127.0.0.1:${port}/hooks` });
};

/**
 * Submits a form with one of its buttons (the button's own `click()`, so the button is the form's submitter) and
 * waits for the answer page: the main frame's navigation, then its document. Neither a mouse click nor a key press:
 * on a busy machine a page whose inline document (a PDF viewer) is still loading may move the button under the
 * mouse, or take the keyboard's focus between the focus and the key; and waiting for the load state alone can see
 * the form's page before the navigation starts.
 */
export const submit = async (page: Page, selector: string): Promise<void> => {
  await Promise.all([
    page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() }),
    page.locator(selector).evaluate((button) => (button as unknown as { click(): void }).click()),
  ]);
  await page.waitForLoadState("domcontentloaded");
};

/**
 * axe-core's serious and critical findings on the page as it is (the test adds axe itself: open the page in a
 * context with `bypassCSP`, since no page of ours allows an inline script).
 */
export const seriousAxeViolations = async (page: Page): Promise<{ id: string; impact: string }[]> => {
  const axe = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await page.addScriptTag({ content: axe });
  const violations = await page.evaluate<{ id: string; impact: string }[]>(
    "axe.run().then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact })))",
  );
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
};

/** A new browser context signed in to the portal at `base` with `credential` (an API key or bearer token). */
export const signInPage = async (
  browser: Browser,
  base: string,
  credential: string,
  options: { viewport?: { width: number; height: number }; bypassCSP?: boolean } = {},
): Promise<Page> => {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    bypassCSP: options.bypassCSP === true,
  });
  const page = await context.newPage();
  await page.goto(`${base}/portal/sign-in`);
  await page.fill("#credential", credential);
  await submit(page, "#credential-sign-in");
  return page;
};

/**
 * Fills a field and checks the page holds the value before anything is sent (on a loaded machine a fill can land
 * on a page that is still settling; it is filled again until the value reads back, a few times at most).
 */
export const fillChecked = async (page: Page, selector: string, value: string): Promise<void> => {
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.fill(selector, value);
    if ((await page.inputValue(selector)) === value) return;
  }
  throw new Error(`${selector} does not keep the value ${value}`);
};

/**
 * Submits a button's form as that button would (its name and formaction), from the DOM's current values, and waits
 * for the answer page: no focus or keyboard involved, so nothing on the page (a loading PDF viewer) can take them.
 */
export const submitWith = async (page: Page, button: string): Promise<void> => {
  await Promise.all([
    page.waitForEvent("framenavigated", { predicate: (frame) => frame === page.mainFrame() }),
    // The callback runs in the page (the tests' TypeScript has no DOM types: the button is described here).
    page.$eval(button, (b) => {
      const submitter = b as unknown as { form: { requestSubmit(submitter: unknown): void } | null };
      submitter.form?.requestSubmit(submitter);
    }),
  ]);
  await page.waitForLoadState("domcontentloaded");
};
