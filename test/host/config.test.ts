import test from "ava";
import * as E from "fp-ts/lib/Either.js";
import { loadConfig } from "../../host/src/config.js";

const base = { APAR_DATA_DIR: "/tmp/unused" };

test("counts of processes, loops and jobs at once are bounded, with the bound in the message", (t) => {
  const ok = loadConfig({
    ...base,
    APAR_READ_PROCESSES: "64",
    APAR_WEBHOOKS_LOOPS: "1",
    APAR_WORKER_CONCURRENCY: "256",
  });
  if (E.isLeft(ok)) return t.fail(ok.left.join("\n"));
  t.is(ok.right.readProcesses, 64);
  t.is(ok.right.webhooksLoops, 1);
  t.is(ok.right.workerConcurrency, 256);
  const bad = loadConfig({
    ...base,
    APAR_READ_PROCESSES: "65",
    APAR_WEBHOOKS_LOOPS: "0",
    APAR_WORKER_CONCURRENCY: "1e3",
  });
  if (E.isRight(bad)) return t.fail("accepted");
  t.deepEqual(
    bad.left.map((line) => line.split(":")[0]),
    ["APAR_WORKER_CONCURRENCY", "APAR_READ_PROCESSES", "APAR_WEBHOOKS_LOOPS"],
  );
  t.regex(bad.left.find((line) => line.startsWith("APAR_READ_PROCESSES")) ?? "", /from 1 to 64/);
});

test("APAR_OCR_SECOND_EYE is paddle by default, off when asked (in any case), and nothing else", (t) => {
  const unset = loadConfig(base);
  if (E.isLeft(unset)) return t.fail(unset.left.join("\n"));
  t.is(unset.right.ocrSecondEye, "paddle");
  const off = loadConfig({ ...base, APAR_OCR_SECOND_EYE: " Off " });
  if (E.isLeft(off)) return t.fail(off.left.join("\n"));
  t.is(off.right.ocrSecondEye, "off");
  const upper = loadConfig({ ...base, APAR_OCR_SECOND_EYE: "PADDLE" });
  t.true(E.isRight(upper) && upper.right.ocrSecondEye === "paddle");
  const bad = loadConfig({ ...base, APAR_OCR_SECOND_EYE: "tesseract" });
  if (E.isRight(bad)) return t.fail("accepted");
  t.deepEqual(bad.left, [bad.left.find((line) => line.startsWith("APAR_OCR_SECOND_EYE")) ?? "missing"]);
  t.regex(bad.left[0] ?? "", /paddle or off/);
});

test("word-valued variables take their words in any case and refuse the names of Object's own members", (t) => {
  const upper = loadConfig({ ...base, APAR_RATE_LIMITS: "OFF", APAR_KEY_CACHE: "On", APAR_PAYMENT_GATEWAY: "Manual" });
  if (E.isLeft(upper)) return t.fail(upper.left.join("\n"));
  t.false(upper.right.rateLimits);
  t.is(upper.right.paymentGateway, "manual");
  for (const name of ["APAR_RATE_LIMITS", "APAR_KEY_CACHE", "APAR_PAYMENT_GATEWAY", "APAR_OCR_SECOND_EYE"])
    for (const word of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const bad = loadConfig({ ...base, [name]: word });
      if (E.isRight(bad)) return t.fail(`${name}=${word} accepted`);
      t.true(
        bad.left.some((line) => line.startsWith(name)),
        `${name}=${word}: ${bad.left.join("; ")}`,
      );
    }
});

test("APAR_OCR_LANGUAGES takes installed languages only, and the refusal names those that are", (t) => {
  const ok = loadConfig({ ...base, APAR_OCR_LANGUAGES: "deu, eng" });
  if (E.isLeft(ok)) return t.fail(ok.left.join("\n"));
  t.deepEqual(ok.right.ocrLanguages, ["deu", "eng"]);
  // Well-formed codes whose data is not installed fail at start, not at the first scanned bill.
  for (const value of ["eng,hin", "ara", "EN"]) {
    const bad = loadConfig({ ...base, APAR_OCR_LANGUAGES: value });
    if (E.isRight(bad)) return t.fail(`${value} accepted`);
    const line = bad.left.find((l) => l.startsWith("APAR_OCR_LANGUAGES")) ?? "";
    t.regex(
      line,
      /installed \(bul, ces, chi_sim, chi_tra, dan, deu, ell, eng, est, fin, fra, heb, hun, ind, ita, jpn, kor, lav, lit, nld, nor, pol, por, ron, slk, spa, swe, tha, tur, ukr, vie\)/,
      value,
    );
  }
});
