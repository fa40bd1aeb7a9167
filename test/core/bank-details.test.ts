import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  abaValid,
  type BankDetails,
  clabeValid,
  countryProfiles,
  ibanErrors,
  normaliseIban,
  ukModulusValid,
  validateBankDetails,
} from "@apar/core";
import test from "ava";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "../../fixtures/bank-details");
const read = <A>(name: string): A => JSON.parse(readFileSync(join(fixtures, name), "utf8")) as A;

const EMPTY: BankDetails = {
  accountHolderName: null,
  accountNumber: null,
  sortCode: null,
  routingNumber: null,
  iban: null,
  bicSwift: null,
  country: null,
  currency: null,
};

test("every one of the 1,219 real example IBANs is valid after normalisation (spaces, dots, dashes, 'IBAN:' prefixes)", (t) => {
  const { examples } = read<{ examples: { input: string }[] }>("iban-examples-checked.json");
  t.is(examples.length, 1219);
  const refused = examples.filter((e) => ibanErrors(normaliseIban(e.input)).length > 0).map((e) => e.input);
  t.deepEqual(refused, []);
});

test("the 186 mutated IBANs are refused with the code that names the mutation", (t) => {
  const { cases } = read<{ cases: { iban: string; mutation: string }[] }>("iban-negatives-derived.json");
  t.is(cases.length, 186);
  const want: Record<string, string> = {
    "check digits +1": "iban_checksum",
    "last BBAN char changed": "iban_checksum",
    "one extra char (wrong length)": "iban_length",
  };
  for (const c of cases) t.is(ibanErrors(c.iban)[0]?.code, want[c.mutation], `${c.iban} (${c.mutation})`);
});

test("the 34 Vocalink modulus cases and the format cases answer as the standard says", (t) => {
  const cases =
    read<{ vocalinkTest?: string; sortCode: string; accountNumber: string; expectedValid: boolean }[]>(
      "uk-modulus-cases.json",
    );
  t.is(cases.filter((c) => c.vocalinkTest !== undefined && c.vocalinkTest !== null).length, 34);
  for (const c of cases) {
    const verdict = validateBankDetails({
      ...EMPTY,
      country: "GB",
      sortCode: c.sortCode,
      accountNumber: c.accountNumber,
    });
    t.is(verdict.isValid, c.expectedValid, `test ${c.vocalinkTest ?? "format"}: ${c.sortCode} ${c.accountNumber}`);
    if (/^\d{6}$/.test(c.sortCode) && /^\d{8}$/.test(c.accountNumber))
      t.is(ukModulusValid(c.sortCode, c.accountNumber), c.expectedValid);
  }
});

test("ABA routing numbers: the sampled and well-known valid ones pass, the mutations fail", (t) => {
  const v = read<{
    validSampleFromFedACHdir: string[];
    knownValid: string[];
    negatives: { rtn: string; expectedValid: boolean }[];
  }>("aba-vectors.json");
  for (const rtn of [...v.validSampleFromFedACHdir, ...v.knownValid]) t.true(abaValid(rtn), rtn);
  for (const n of v.negatives) if (n.rtn !== "000000000") t.is(abaValid(n.rtn), n.expectedValid, n.rtn);
});

test("canonical forms: IBAN electronic, sort code six digits, BIC upper-cased; a BIC of another country is refused", (t) => {
  const ok = validateBankDetails({ ...EMPTY, iban: "de89 3704 0044 0532 0130 00", bicSwift: "cobadeffxxx" });
  t.true(ok.isValid);
  t.is(ok.canonical.iban, "DE89370400440532013000");
  t.is(ok.canonical.bicSwift, "COBADEFFXXX");
  t.is(ok.canonical.country, "DE");
  const gb = validateBankDetails({ ...EMPTY, country: "GB", sortCode: "08-99-99", accountNumber: "66374958" });
  t.true(gb.isValid);
  t.is(gb.canonical.sortCode, "089999");
  const foreignBic = validateBankDetails({ ...EMPTY, iban: "DE89370400440532013000", bicSwift: "ABNANL2A" });
  t.deepEqual(
    foreignBic.errors.map((e) => [e.field, e.code]),
    [["bicSwift", "bic_country"]],
  );
  const badBic = validateBankDetails({ ...EMPTY, iban: "DE89370400440532013000", bicSwift: "DE12" });
  t.deepEqual(
    badBic.errors.map((e) => e.code),
    ["bic_format"],
  );
});

test("local details: US ABA, AU BSB, CA transit/institution, IN IFSC, MX CLABE", (t) => {
  const codes = (d: Partial<BankDetails>) => validateBankDetails({ ...EMPTY, ...d }).errors.map((e) => e.code);
  t.deepEqual(codes({ country: "US", routingNumber: "021000021", accountNumber: "123456789" }), []);
  t.deepEqual(codes({ country: "US", routingNumber: "021000022", accountNumber: "123456789" }), ["routing_checksum"]);
  t.deepEqual(codes({ country: "AU", routingNumber: "062-000", accountNumber: "12345678" }), []);
  t.deepEqual(codes({ country: "AU", routingNumber: "06200", accountNumber: "12345678" }), ["bsb_format"]);
  const ca = validateBankDetails({ ...EMPTY, country: "CA", routingNumber: "12345-003", accountNumber: "1234567" });
  t.true(ca.isValid);
  t.is(ca.canonical.routingNumber, "000312345");
  t.deepEqual(codes({ country: "CA", routingNumber: "1234-03", accountNumber: "1234567" }), ["transit_format"]);
  t.deepEqual(codes({ country: "IN", routingNumber: "HDFC0000123", accountNumber: "50100012345678" }), []);
  t.deepEqual(codes({ country: "IN", routingNumber: "HDFC1000123", accountNumber: "50100012345678" }), ["ifsc_format"]);
  t.true(clabeValid("002010077777777771"));
  t.deepEqual(codes({ country: "MX", accountNumber: "002010077777777771" }), []);
  t.deepEqual(codes({ country: "MX", accountNumber: "002010077777777772" }), ["clabe_checksum"]);
  t.deepEqual(codes({}), ["required"]);
});

test("a local account without a country is recognised by a shape only one country has, and then checked as that country's; else refused", (t) => {
  const verdict = (d: Partial<BankDetails>) => validateBankDetails({ ...EMPTY, ...d });
  const codes = (d: Partial<BankDetails>) => verdict(d).errors.map((e) => `${e.field}:${e.code}`);
  // The README's sort codes: the Vocalink modulus check applies without the country (it did not before)
  t.deepEqual(codes({ sortCode: "08-99-99", accountNumber: "66374959" }), ["accountNumber:modulus_check"]);
  const gb = verdict({ sortCode: "08-99-99", accountNumber: "66374958" });
  t.true(gb.isValid);
  t.is(gb.canonical.country, "GB");
  t.is(gb.canonical.sortCode, "089999");
  t.deepEqual(codes({ sortCode: "08999", accountNumber: "66374958" }), ["sortCode:sort_code_format"]);
  // An ABA routing number with a valid checksum is the US's; one failing it says nothing about the country
  t.is(verdict({ routingNumber: "021000021", accountNumber: "123456789" }).canonical.country, "US");
  t.true(verdict({ routingNumber: "021000021", accountNumber: "123456789" }).isValid);
  t.deepEqual(codes({ routingNumber: "021000022", accountNumber: "123456789" }), ["country:country_required"]);
  t.deepEqual(codes({ routingNumber: "021000021", accountNumber: "1" }), ["accountNumber:account_number_format"]);
  // A BSB, a printed Canadian transit-institution number, an IFSC, a CLABE
  t.is(verdict({ routingNumber: "062-000", accountNumber: "12345678" }).canonical.country, "AU");
  const ca = verdict({ routingNumber: "12345-003", accountNumber: "1234567" });
  t.deepEqual([ca.isValid, ca.canonical.country, ca.canonical.routingNumber], [true, "CA", "000312345"]);
  t.is(verdict({ routingNumber: "HDFC0000123", accountNumber: "50100012345678" }).canonical.country, "IN");
  t.is(verdict({ accountNumber: "002010077777777771" }).canonical.country, "MX");
  // Canada's electronic form is told from an ABA number by the currency only
  t.deepEqual(codes({ routingNumber: "000312345", accountNumber: "1234567" }), ["country:country_required"]);
  t.is(verdict({ routingNumber: "000312345", accountNumber: "1234567", currency: "CAD" }).canonical.country, "CA");
  t.is(verdict({ routingNumber: "021000021", accountNumber: "1234567", currency: "CAD" }).canonical.country, "CA");
  // A currency no shape's country has, or an account alone, is refused with the country to give
  t.deepEqual(codes({ sortCode: "089999", accountNumber: "66374958", currency: "EUR" }), ["country:country_required"]);
  t.deepEqual(codes({ accountNumber: "12345678" }), ["country:country_required"]);
  t.deepEqual(codes({ accountNumber: "002010077777777772" }), ["country:country_required"]);
  // A given country is kept: a UK-shaped account said to be Australian is checked as Australian
  t.deepEqual(codes({ country: "AU", sortCode: "089999", accountNumber: "66374958" }), []);
  // An IBAN names its own country
  t.is(verdict({ iban: "GB82WEST12345698765432" }).canonical.country, "GB");
});

test("country profiles: every IBAN country and the six local ones, with rails and the fields each needs", (t) => {
  const profiles = countryProfiles();
  t.true(profiles.size > 70);
  const de = profiles.get("DE");
  t.is(de?.name, "Germany");
  t.deepEqual(
    de?.rails.map((r) => r.rail),
    ["SepaCreditTransfer", "Swift"],
  );
  t.is(de?.fields.find((f) => f.field === "iban")?.maxLength, 22);
  const gb = profiles.get("GB");
  t.deepEqual(gb?.rails.find((r) => r.rail === "FasterPayments")?.fields, [
    "accountHolderName",
    "sortCode",
    "accountNumber",
  ]);
  for (const code of ["US", "AU", "CA", "IN", "MX"]) t.truthy(profiles.get(code), code);
  t.deepEqual(
    profiles.get("MX")?.rails.map((r) => r.rail),
    ["Spei", "Swift"],
  );
});
