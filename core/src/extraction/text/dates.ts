// Dates in the forms English, German and French bills use, to YYYY-MM-DD.

const MONTHS: Record<string, number> = {};
const add = (names: string, month: number): void => {
  for (const n of names.split(" ")) MONTHS[n] = month;
};
add("january jan januar jän janvier janv", 1);
add("february feb februar février fevrier févr fevr", 2);
add("march mar märz marz maerz mars", 3);
add("april apr avril avr", 4);
add("may mai", 5);
add("june jun juni juin", 6);
add("july jul juli juillet juil", 7);
add("august aug août aout", 8);
add("september sep sept septembre", 9);
add("october oct oktober okt octobre", 10);
add("november nov novembre", 11);
add("december dec dezember dez décembre decembre déc", 12);

const WORD = "[A-Za-zÀ-ÿ]{3,10}";
const PATTERNS: readonly [RegExp, (m: RegExpMatchArray, monthFirst: boolean) => [number, number, number] | null][] = [
  [/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [
    /\b(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?(\d{4}|\d{2})\b/,
    (m, monthFirst) => {
      const a = Number(m[1]);
      const b = Number(m[2]);
      const y = m[3]?.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
      // Day first unless the first part cannot be a day-month reading or the bill is American.
      const useMonthFirst = b > 12 ? true : a > 12 ? false : monthFirst;
      return useMonthFirst ? [y, a, b] : [y, b, a];
    },
  ],
  [
    new RegExp(`\\b(\\d{1,2})(?:\\.|er)?\\s+(${WORD})\\.?,?\\s+(\\d{4})\\b`),
    (m) => {
      const month = MONTHS[(m[2] ?? "").toLowerCase()];
      return month ? [Number(m[3]), month, Number(m[1])] : null;
    },
  ],
  [
    new RegExp(`\\b(${WORD})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`),
    (m) => {
      const month = MONTHS[(m[1] ?? "").toLowerCase()];
      return month ? [Number(m[3]), month, Number(m[2])] : null;
    },
  ],
];

const valid = (y: number, m: number, d: number): boolean => {
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
};

/** The first date in `text` as YYYY-MM-DD with where it ended, or null. `monthFirst` reads 03/04 as March 4. */
export const findDate = (text: string, monthFirst = false): { date: string; index: number } | null => {
  let best: { date: string; index: number } | null = null;
  for (const [re, read] of PATTERNS) {
    const m = text.match(re);
    if (!m || m.index === undefined) continue;
    const ymd = read(m, monthFirst);
    if (!ymd || !valid(...ymd)) continue;
    if (best === null || m.index < best.index) {
      const [y, mo, d] = ymd;
      best = { date: `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`, index: m.index };
    }
  }
  return best;
};

/** Every date in the text, in order. */
export const allDates = (text: string, monthFirst = false): string[] => {
  const out: string[] = [];
  let rest = text;
  for (let guard = 0; guard < 20; guard++) {
    const found = findDate(rest, monthFirst);
    if (!found) break;
    out.push(found.date);
    rest = rest.slice(found.index + 6);
  }
  return out;
};
