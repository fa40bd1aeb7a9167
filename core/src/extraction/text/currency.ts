// Currency codes and signs as they appear on bills.

const CODES = [
  "EUR",
  "GBP",
  "USD",
  "CHF",
  "CAD",
  "AUD",
  "JPY",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "NZD",
  "SGD",
  "HKD",
  "HUF",
  "MYR",
  "INR",
];
const SIGNS: readonly [RegExp, string][] = [
  [/€/, "EUR"],
  [/£/, "GBP"],
  [/(?:US|U\.S\.)\s?\$/, "USD"],
  [/C\$|CA\$/, "CAD"],
  [/A\$|AU\$/, "AUD"],
  [/\$/, "USD"],
  [/\bFr\.\s?\d/, "CHF"],
  [/\bRM\s?\d|\(RM\)|\bRM\b/, "MYR"],
  [/₹|\bRs\.?\s?\d/, "INR"],
  [/\bzł|\bzl\b/, "PLN"],
];

/** The currencies a line names, codes first then signs. */
export const currenciesIn = (line: string): string[] => {
  const found: string[] = [];
  for (const m of line.matchAll(/\b[A-Z]{3}\b/g)) if (CODES.includes(m[0])) found.push(m[0]);
  for (const [re, code] of SIGNS) if (re.test(line)) found.push(code);
  return found;
};

/** Strips currency codes and signs from text so only the number remains. */
export const withoutCurrency = (text: string): string =>
  text
    .replace(new RegExp(`\\b(?:${CODES.join("|")})\\b`, "g"), " ")
    .replace(/(?:US|CA|AU|A|C)?[$€£₹]|\bRM(?=\s?\d|\b)|\bRs\.?(?=\s?\d)|\bzł/g, " ");
