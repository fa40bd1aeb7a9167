// The other ways of reading a page tesseract cannot read as it comes (other-ways.ts) have a budget of their own: once
// it is spent no further way is begun, one being read is stopped, and the page keeps what it has read. The budget
// here is a signal the test fires, so nothing depends on how fast the machine reads.
import { otherWaysMs, readAnotherWay } from "@apar/adapters/reading/other-ways";
import type { QuarterTurn } from "@apar/adapters/reading/pdf-document";
import test from "ava";

type Shot = { name: string; threshold?: "otsu" | "sauvola" };

/**
 * A page whose first reading is sure of `first` words and each other way of `others`, read by readAnotherWay with
 * the document's signal `stop` and the other ways' `budget`; `during` runs as each way is read (it may spend the
 * budget, fail, or read until stopped). Which way was kept, and the ways read and the turns made, in order.
 */
const readPage = async (
  first: number,
  others: number,
  options: {
    stop?: AbortSignal;
    budget?: () => AbortSignal;
    during?: (way: string, signal: AbortSignal) => Promise<void> | void;
  } = {},
) => {
  const read: string[] = [];
  const turned: QuarterTurn[] = [];
  const best = await readAnotherWay(
    { name: "as sent" } as Shot,
    async (shot, signal) => {
      const way = shot.threshold === "sauvola" ? "sauvola" : shot.name;
      read.push(way);
      await options.during?.(way, signal);
      return { sureWords: way === "as sent" ? first : others, way };
    },
    async (turn) => {
      turned.push(turn);
      return { name: `turned ${turn}` };
    },
    options.stop ?? new AbortController().signal,
    options.budget ?? (() => new AbortController().signal),
  );
  return { kept: best.text.way, read, turned };
};

test("a page read well the first time is read once, and asks for no budget", async (t) => {
  const page = await readPage(30, 40, { budget: () => t.fail("asked for the other ways' budget") as never });
  t.is(page.kept, "as sent");
  t.deepEqual(page.read, ["as sent"]);
});

test("within the budget every other way is read, and the surest kept", async (t) => {
  const page = await readPage(0, 12);
  t.deepEqual(page.read, ["as sent", "sauvola", "turned 90", "turned 270", "turned 180"]);
  t.is(page.kept, "sauvola");
});

test("once the budget is spent no further way is begun, and the page keeps its first reading", async (t) => {
  const budget = new AbortController();
  // The first other way takes the whole budget.
  const page = await readPage(1, 3, {
    budget: () => budget.signal,
    during: (way) => (way === "sauvola" ? budget.abort() : undefined),
  });
  t.deepEqual(page.read, ["as sent", "sauvola"]);
  t.deepEqual(page.turned, []);
  t.is(page.kept, "as sent");
});

test("a way still being read when the budget is spent is stopped, and the best way read before it kept", async (t) => {
  const budget = new AbortController();
  // This way reads until it is stopped; the budget runs out meanwhile.
  const stalls = (signal: AbortSignal) =>
    new Promise<void>((_, reject) => {
      signal.addEventListener("abort", () => reject(new Error("stopped")));
      setImmediate(() => budget.abort());
    });
  const page = await readPage(0, 20, {
    budget: () => budget.signal,
    during: (way, signal) => (way === "turned 90" ? stalls(signal) : undefined),
  });
  t.deepEqual(page.read, ["as sent", "sauvola", "turned 90"]);
  t.deepEqual(page.turned, [90]);
  t.is(page.kept, "sauvola");
});

test("the document's own stop still ends the reading, and so does a failure", async (t) => {
  const document = new AbortController();
  const stopped = (way: string, signal: AbortSignal) => {
    if (way !== "sauvola") return;
    document.abort();
    signal.throwIfAborted();
  };
  await t.throwsAsync(readPage(0, 20, { stop: document.signal, during: stopped }));
  const fails = (way: string) => {
    if (way === "sauvola") throw new Error("OCR failed");
  };
  await t.throwsAsync(readPage(0, 20, { during: fails }), { message: "OCR failed" });
});

test("the budget is a share of what is left of the reading's: none once its deadline has passed", (t) => {
  t.is(otherWaysMs(120_000, 0), 60_000);
  t.is(otherWaysMs(120_000, 100_000), 10_000);
  t.is(otherWaysMs(120_000, 120_000), 0);
  t.is(otherWaysMs(120_000, 130_000), 0);
});
