// What the memory benches share: a step timed, with the most its run grew the heap (sampled every 5 ms, after a
// collection when node runs with --expose-gc), printed as one line: `<name>: <ms> ms, <what>, heap grew by ...`.
export const measureHeap = async (name: string, run: () => Promise<string>): Promise<void> => {
  globalThis.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const start = performance.now();
  const what = await run();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  console.log(
    `${name}: ${ms.toFixed(0)} ms, ${what}, heap grew by at most ${((peak - base) / 2 ** 20).toFixed(1)} MiB`,
  );
};
