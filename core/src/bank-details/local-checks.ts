// National bank identifiers checked by rule, with no network: the US ABA routing number, Australia's BSB,
// Canada's institution and transit numbers, India's IFSC and Mexico's CLABE.

const digits = (value: string): number[] => [...value].map(Number);

/** A US ABA routing number: nine digits whose 3-7-1 weighted sum is a multiple of 10. */
export const abaValid = (routing: string): boolean => {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = digits(routing);
  const sum = [3, 7, 1, 3, 7, 1, 3, 7, 1].reduce((s, w, i) => s + w * (d[i] as number), 0);
  return sum % 10 === 0;
};

/** An Australian BSB: six digits (printed `062-000`). */
export const bsbValid = (bsb: string): boolean => /^\d{6}$/.test(bsb);

/**
 * A Canadian routing number in its electronic form `0IIITTTTT` (institution, then transit). Accepts the printed
 * `TTTTT-III` too; answers the electronic form, or undefined.
 */
export const canadianRouting = (value: string): string | undefined => {
  const printed = /^(\d{5})-?(\d{3})$/.exec(value);
  if (printed !== null && value.includes("-")) return `0${printed[2]}${printed[1]}`;
  if (/^0\d{8}$/.test(value)) return value;
  return undefined;
};

/** An Indian IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const ifscValid = (ifsc: string): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc);

/** A Mexican CLABE: 18 digits whose last is the check digit of the 3-7-1 weighted first 17 (mod 10). */
export const clabeValid = (clabe: string): boolean => {
  if (!/^\d{18}$/.test(clabe)) return false;
  const d = digits(clabe);
  const weights = [3, 7, 1];
  const sum = d.slice(0, 17).reduce((s, x, i) => s + ((x * (weights[i % 3] as number)) % 10), 0);
  return (10 - (sum % 10)) % 10 === d[17];
};
