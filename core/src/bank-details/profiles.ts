import { getCountrySpecifications, isSEPACountry } from "ibantools";

/** The members of a bank details object a person fills. */
export const BANK_FIELDS = [
  "accountHolderName",
  "accountNumber",
  "sortCode",
  "routingNumber",
  "iban",
  "bicSwift",
] as const;
export type BankField = (typeof BANK_FIELDS)[number];

/** Payment rails apar knows, and the fields each needs. */
export const RAILS = [
  "SepaCreditTransfer",
  "FasterPayments",
  "Bacs",
  "Ach",
  "Wire",
  "Becs",
  "Eft",
  "Imps",
  "Neft",
  "Spei",
  "Swift",
] as const;
export type Rail = (typeof RAILS)[number];

export interface FieldProfile {
  readonly field: BankField;
  readonly label: string;
  readonly required: boolean;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly example?: string;
}

export interface CountryProfile {
  readonly country: string;
  readonly name: string;
  readonly currency: string | null;
  readonly iban: boolean;
  readonly fields: readonly FieldProfile[];
  readonly rails: readonly { readonly rail: Rail; readonly fields: readonly BankField[] }[];
}

const HOLDER: FieldProfile = { field: "accountHolderName", label: "Account holder", required: true, maxLength: 140 };
const BIC: FieldProfile = {
  field: "bicSwift",
  label: "BIC / SWIFT code",
  required: false,
  pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$",
  minLength: 8,
  maxLength: 11,
  example: "DEUTDEFF",
};

/** Countries with local (non-IBAN) details, as their banks print them. */
const LOCAL: Readonly<Record<string, Omit<CountryProfile, "country" | "name" | "iban">>> = {
  GB: {
    currency: "GBP",
    fields: [
      HOLDER,
      {
        field: "sortCode",
        label: "Sort code",
        required: true,
        pattern: "^\\d{6}$",
        minLength: 6,
        maxLength: 6,
        example: "089999",
      },
      {
        field: "accountNumber",
        label: "Account number",
        required: true,
        pattern: "^\\d{6,10}$",
        minLength: 6,
        maxLength: 10,
        example: "66374958",
      },
      { field: "iban", label: "IBAN", required: false, example: "GB29NWBK60161331926819" },
      BIC,
    ],
    rails: [
      { rail: "FasterPayments", fields: ["accountHolderName", "sortCode", "accountNumber"] },
      { rail: "Bacs", fields: ["accountHolderName", "sortCode", "accountNumber"] },
      { rail: "SepaCreditTransfer", fields: ["accountHolderName", "iban", "bicSwift"] },
      { rail: "Swift", fields: ["accountHolderName", "iban", "bicSwift"] },
    ],
  },
  US: {
    currency: "USD",
    fields: [
      HOLDER,
      {
        field: "routingNumber",
        label: "ABA routing number",
        required: true,
        pattern: "^\\d{9}$",
        minLength: 9,
        maxLength: 9,
        example: "021000021",
      },
      {
        field: "accountNumber",
        label: "Account number",
        required: true,
        pattern: "^\\d{2,17}$",
        minLength: 2,
        maxLength: 17,
        example: "123456789",
      },
      BIC,
    ],
    rails: [
      { rail: "Ach", fields: ["accountHolderName", "routingNumber", "accountNumber"] },
      { rail: "Wire", fields: ["accountHolderName", "routingNumber", "accountNumber"] },
      { rail: "Swift", fields: ["accountHolderName", "accountNumber", "bicSwift"] },
    ],
  },
  AU: {
    currency: "AUD",
    fields: [
      HOLDER,
      {
        field: "routingNumber",
        label: "BSB",
        required: true,
        pattern: "^\\d{6}$",
        minLength: 6,
        maxLength: 6,
        example: "062000",
      },
      {
        field: "accountNumber",
        label: "Account number",
        required: true,
        pattern: "^\\d{5,9}$",
        minLength: 5,
        maxLength: 9,
        example: "12345678",
      },
      BIC,
    ],
    rails: [
      { rail: "Becs", fields: ["accountHolderName", "routingNumber", "accountNumber"] },
      { rail: "Swift", fields: ["accountHolderName", "accountNumber", "bicSwift"] },
    ],
  },
  CA: {
    currency: "CAD",
    fields: [
      HOLDER,
      {
        field: "routingNumber",
        label: "Transit and institution number",
        required: true,
        pattern: "^(\\d{5}-\\d{3}|0\\d{8})$",
        example: "12345-003",
      },
      {
        field: "accountNumber",
        label: "Account number",
        required: true,
        pattern: "^\\d{5,12}$",
        minLength: 5,
        maxLength: 12,
        example: "1234567",
      },
      BIC,
    ],
    rails: [
      { rail: "Eft", fields: ["accountHolderName", "routingNumber", "accountNumber"] },
      { rail: "Swift", fields: ["accountHolderName", "accountNumber", "bicSwift"] },
    ],
  },
  IN: {
    currency: "INR",
    fields: [
      HOLDER,
      {
        field: "routingNumber",
        label: "IFSC",
        required: true,
        pattern: "^[A-Z]{4}0[A-Z0-9]{6}$",
        minLength: 11,
        maxLength: 11,
        example: "HDFC0000123",
      },
      {
        field: "accountNumber",
        label: "Account number",
        required: true,
        pattern: "^\\d{9,18}$",
        minLength: 9,
        maxLength: 18,
        example: "50100012345678",
      },
      BIC,
    ],
    rails: [
      { rail: "Imps", fields: ["accountHolderName", "routingNumber", "accountNumber"] },
      { rail: "Neft", fields: ["accountHolderName", "routingNumber", "accountNumber"] },
      { rail: "Swift", fields: ["accountHolderName", "accountNumber", "bicSwift"] },
    ],
  },
  MX: {
    currency: "MXN",
    fields: [
      HOLDER,
      {
        field: "accountNumber",
        label: "CLABE",
        required: true,
        pattern: "^\\d{18}$",
        minLength: 18,
        maxLength: 18,
        example: "002010077777777771",
      },
      BIC,
    ],
    rails: [
      { rail: "Spei", fields: ["accountHolderName", "accountNumber"] },
      { rail: "Swift", fields: ["accountHolderName", "accountNumber", "bicSwift"] },
    ],
  },
};

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const nameOf = (code: string): string => regionNames.of(code) ?? code;

const ibanProfile = (code: string, length: number | null): CountryProfile => ({
  country: code,
  name: nameOf(code),
  currency: null,
  iban: true,
  fields: [
    HOLDER,
    {
      field: "iban",
      label: "IBAN",
      required: true,
      pattern: `^${code}\\d{2}[A-Z0-9]+$`,
      ...(length === null ? {} : { minLength: length, maxLength: length }),
    },
    BIC,
  ],
  rails: [
    ...(isSEPACountry(code)
      ? [{ rail: "SepaCreditTransfer" as const, fields: ["accountHolderName", "iban"] as BankField[] }]
      : []),
    { rail: "Swift", fields: ["accountHolderName", "iban", "bicSwift"] },
  ],
});

let profilesCache: ReadonlyMap<string, CountryProfile> | undefined;

/** Every country apar validates bank details for: the IBAN registry's, plus GB, US, AU, CA, IN and MX locally. */
export const countryProfiles = (): ReadonlyMap<string, CountryProfile> => {
  if (profilesCache !== undefined) return profilesCache;
  const map = new Map<string, CountryProfile>();
  for (const [code, spec] of Object.entries(getCountrySpecifications())) {
    if (spec.IBANRegistry) map.set(code, ibanProfile(code, spec.chars));
  }
  for (const [code, local] of Object.entries(LOCAL)) {
    map.set(code, { country: code, name: nameOf(code), iban: map.has(code), ...local });
  }
  profilesCache = new Map([...map].sort(([a], [b]) => a.localeCompare(b)));
  return profilesCache;
};
