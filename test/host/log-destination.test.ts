import test from "ava";
import { flushOnTick } from "../../host/src/log-destination.js";

const recording = () => {
  const calls: string[] = [];
  return {
    calls,
    destination: {
      write(line: string) {
        calls.push(`write ${line}`);
        return true;
      },
      flush() {
        calls.push("flush");
      },
    },
  };
};

test("a tick flushes once after lines came, and not at all while none come", (t) => {
  const { calls, destination } = recording();
  const flusher = flushOnTick(destination);
  flusher.tick();
  t.deepEqual(calls, [], "an idle destination is not flushed");
  flusher.stream.write("a\n");
  flusher.stream.write("b\n");
  flusher.tick();
  flusher.tick();
  flusher.tick();
  t.deepEqual(calls, ["write a\n", "write b\n", "flush"]);
  flusher.stream.write("c\n");
  flusher.tick();
  t.deepEqual(calls.slice(3), ["write c\n", "flush"]);
});
