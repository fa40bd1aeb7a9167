// The scoring convention of ../shared/reading/make-dev-corpus.py, shared by bench:reading and the makers.

/** A decimal amount ("529.87", "1,234.50", "RM 7.42", "529,87") as integer cents, or null. */
export const cents = (x: unknown): bigint | null => {
  if (x === null || x === undefined) return null;
  let s = String(x).replace(/[^0-9.,-]/g, "");
  if (/,\d{2}$/.test(s) && s.split(",").length === 2 && !s.slice(-3).includes(".")) {
    s = s.replace(/\./g, "").replace(",", ".");
  }
  s = s.replace(/,/g, "");
  const m = s.match(/^(-?)(\d*)(?:\.(\d*))?$/);
  if (!m || (m[2] === "" && !m[3])) return null;
  const frac = `${m[3] ?? ""}000`;
  const abs = BigInt(m[2] || "0") * 100n + BigInt(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1n : 0n);
  return m[1] === "-" ? -abs : abs;
};

/** An identifier upper case, letters and digits only ("RE-2015/4" = "re 2015 4"). */
export const normId = (x: unknown): string =>
  String(x ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
