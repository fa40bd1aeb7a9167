import { FUZZY_THRESHOLD, fuzzyRank, fuzzyScore, searchKey } from "@apar/core";
import test from "ava";

test("search keys drop accents, case and punctuation", (t) => {
  t.is(searchKey("  Müller & Söhne GmbH. "), "muller sohne gmbh");
});

test("a substring scores 1; a typo still scores above the threshold; unrelated text below it", (t) => {
  t.is(fuzzyScore("globex", "Globex Corporation"), 1);
  t.true(fuzzyScore("Wanye", "Wayne Enterprises") >= FUZZY_THRESHOLD);
  t.true(fuzzyScore("enterprize", "Wayne Enterprises") >= FUZZY_THRESHOLD);
  t.true(fuzzyScore("zzqq", "Wayne Enterprises") < FUZZY_THRESHOLD);
  t.is(fuzzyScore("", "x"), 0);
});

test("ranking: best first, ties in the given order, at most the limit, any field", (t) => {
  const items = [
    { name: "Stark Industries", email: "ap@stark.example" },
    { name: "Wayne Enterprises", email: null },
    { name: "Wayne Foundation", email: null },
    { name: "Acme", email: "wayne@acme.example" },
  ];
  const names = (q: string, limit = 10) => fuzzyRank(q, items, (i) => [i.name, i.email], limit).map((i) => i.name);
  t.deepEqual(names("wayne"), ["Wayne Enterprises", "Wayne Foundation", "Acme"]);
  t.deepEqual(names("wayne", 1), ["Wayne Enterprises"]);
  t.deepEqual(names("stark indust"), ["Stark Industries"]);
  // Acme matches one word of two (its e-mail holds "wayne"), so it comes last.
  t.deepEqual(names("Wayne Fundation"), ["Wayne Foundation", "Wayne Enterprises", "Acme"]);
  t.deepEqual(names("nothing like it"), []);
});
