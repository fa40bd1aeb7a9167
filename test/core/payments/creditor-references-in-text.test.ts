import { creditorReferenceFor, creditorReferencesIn, foldText } from "@apar/core";
import test from "ava";

// Remittance lines as customers' banks carry them (camt.053 Ustrd), in several languages: the RF reference is
// grouped in fours or not, run on into words, broken over lines; the candidates that pass ISO 11649's check win.
const INV = creditorReferenceFor("INV-000001"); // RF69INV000001
const STANDARD = "RF18539007547034"; // ISO 11649's own example

test("the reference of INV-000001 is the one the lines below write", (t) => {
  t.is(INV, "RF69INV000001");
});

const LINES: readonly [string, string, readonly string[]][] = [
  ["Polish, grouped, words after", "RF69 INV0 0000 1 zaplata za fakture", ["RF69INV000001"]],
  ["Polish, lower case", "rf69 inv0 0000 1 zapłata za fakturę", ["RF69INV000001"]],
  ["German, grouped", "Rechnung RF18 5390 0754 7034 vielen Dank", [STANDARD]],
  ["French, ungrouped", "Paiement facture RF18539007547034 merci beaucoup", [STANDARD]],
  ["Spanish, a space in the check digits", "Pago factura ref. RF 18 5390 0754 7034 gracias", [STANDARD]],
  ["Dutch, hyphens", "Betaling RF18-5390-0754-7034 factuur 2026", [STANDARD]],
  ["Italian, broken over two lines", ["Pagamento fattura RF18 5390", "0754 7034 saldo"].join(" "), [STANDARD]],
  ["English, punctuation after", "Payment of invoice INV-000001, ref RF69INV000001. Thanks", ["RF69INV000001"]],
  ["run on into the next word", "RF69INV000001ZAPLATA", ["RF69INV000001"]],
  ["two references", "RF69 INV0 0000 1 and RF18 5390 0754 7034", ["RF69INV000001", STANDARD]],
  ["a wrong check digit", "RF68 INV0 0000 1 zaplata", []],
  ["no reference at all", "Rechnung 2026-114 vielen Dank, RFC 5322", []],
  ["RF inside a word is no reference", "SURF69INV000001", []],
];

for (const [what, line, expected] of LINES)
  test(`RF references in free text: ${what}`, (t) => {
    t.deepEqual(creditorReferencesIn(line), expected, line);
  });

test("names fold: NFKD, no marks, no case, and letters Unicode does not decompose", (t) => {
  t.is(foldText("Łódź Spółka z o.o."), "lodz spolka z o.o.");
  t.is(foldText("LODZ SPOLKA"), "lodz spolka");
  t.is(foldText("Müller & Søn Straße"), "muller & son strasse");
  t.is(foldText("ÆRØ Ærø"), "aero aero");
  t.is(foldText("Şirket Çelik İnşaat"), "sirket celik insaat");
  t.is(foldText("ｆｕｌｌｗｉｄｔｈ"), "fullwidth");
});
