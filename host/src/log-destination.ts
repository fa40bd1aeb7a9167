// Where the server's log lines go: standard output, buffered. pino's destination (sonic-boom) is given no
// periodic flush of its own: its timer writes even when nothing is buffered (an empty write through libuv's
// thread pool twice a second on an idle server). The timer here flushes only when a line came since the last.

/** What the flusher needs of a destination: pino's `SonicBoom` has both. */
export interface Flushable {
  write(line: string): boolean;
  flush(): void;
}

/** A destination for pino that notes when lines came, and a `tick` that flushes only then. */
export interface FlushOnTick {
  /** Hand this to pino. */
  readonly stream: { write(line: string): boolean };
  /** Flushes what was written since the last tick; nothing when no line came. */
  tick(): void;
}

export const flushOnTick = (destination: Flushable): FlushOnTick => {
  let written = false;
  return {
    stream: {
      write(line) {
        written = true;
        return destination.write(line);
      },
    },
    tick() {
      if (!written) return;
      written = false;
      destination.flush();
    },
  };
};

/** Calls `tick` every `everyMs` without keeping the process alive. */
export const tickEvery = (flusher: FlushOnTick, everyMs: number): void => {
  setInterval(flusher.tick, everyMs).unref();
};
