/**
 * ISO 7064 MOD 97-10 as IBANs and ISO 11649 creditor references use it: the first four characters moved to the
 * end, letters read as 10 to 35; the remainder (1 for a valid code).
 */
export const mod97 = (code: string): number =>
  [...`${code.slice(4)}${code.slice(0, 4)}`].reduce((rest, ch) => {
    const value = Number.parseInt(ch, 36);
    return value > 9 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }, 0);
