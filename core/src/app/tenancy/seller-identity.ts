import * as E from "fp-ts/lib/Either.js";
import type * as TE from "fp-ts/lib/TaskEither.js";
import * as t from "io-ts";
import { ibanErrors, normaliseIban } from "../../bank-details/validate.js";
import type { Stores } from "../../ports/stores.js";
import { closedType } from "../../shared/codecs/closed-type.js";
import { codec } from "../../shared/codecs/failure.js";
import { IntFromStringOrNumber } from "../../shared/codecs/int-from-string-or-number.js";
import { IsoDateTime } from "../../shared/codecs/iso-date-time.js";
import { documented, withSchema } from "../../shared/codecs/json-schema.js";
import { Integer } from "../../shared/codecs/numbers.js";
import { Email, NonEmptyTrimmedString } from "../../shared/codecs/strings.js";
import { type DomainError, notFound, validationError } from "../../shared/errors.js";
import type { OrgScope } from "../../shared/scope.js";
import type { SellerIdentity } from "../../tenancy/seller-identity.js";
import type { TenancyDeps } from "./deps.js";

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/**
 * An IBAN as written (spaces, dots and case forgiven), kept in electronic form when the bank-details rules
 * accept it: its country's length and format, its check digits, and national check digits where defined.
 */
export const Iban = withSchema(
  codec(
    "Iban",
    (u): u is string => typeof u === "string" && ibanErrors(u).length === 0,
    (u) => {
      if (typeof u !== "string") return { code: "string", message: "must be a string" };
      const iban = normaliseIban(u);
      const [error] = ibanErrors(iban);
      return error === undefined
        ? { ok: iban }
        : { code: error.code, message: `must be a valid IBAN, such as DE89 3704 0044 0532 0130 00 (${error.message})` };
    },
  ),
  { type: "string", description: "An IBAN; spaces, dots and case are forgiven." },
);

const CountryCode = withSchema(
  codec(
    "CountryCode",
    (u): u is string => typeof u === "string" && /^[A-Z]{2}$/.test(u),
    (u) => {
      const s = typeof u === "string" ? u.trim().toUpperCase() : "";
      return /^[A-Z]{2}$/.test(s)
        ? { ok: s }
        : { code: "country", message: "must be an ISO 3166-1 alpha-2 code such as DE" };
    },
  ),
  { type: "string", description: "ISO 3166-1 alpha-2, such as DE (case forgiven)." },
);

const Bic = withSchema(
  codec(
    "Bic",
    (u): u is string => typeof u === "string" && /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(u),
    (u) => {
      const s = typeof u === "string" ? u.replace(/\s+/g, "").toUpperCase() : "";
      return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(s)
        ? { ok: s }
        : { code: "bic", message: "must be a BIC of 8 or 11 characters such as COBADEFFXXX" };
    },
  ),
  { type: "string", description: "A BIC of 8 or 11 characters, such as COBADEFFXXX." },
);

const VatNumber = withSchema(
  codec(
    "VatNumber",
    (u): u is string => typeof u === "string" && /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(u),
    (u) => {
      const s = typeof u === "string" ? u.replace(/[\s-]+/g, "").toUpperCase() : "";
      return /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(s)
        ? { ok: s }
        : { code: "vat_number", message: "must be a VAT number with its country prefix, such as DE123456789" };
    },
  ),
  { type: "string", description: "With its country prefix, such as DE123456789." },
);

/**
 * A bank account of the seller. Its BIC is `bicSwift`, the name every bank details object has (suppliers, bills,
 * validate); `bic`, the name this object had first, is still accepted (and answered) as its alias.
 */
const BankAccount = closedType(
  { iban: Iban },
  { bicSwift: nullable(Bic), bic: nullable(Bic), accountName: nullable(NonEmptyTrimmedString(200)) },
  "SellerBankAccount",
);

/** The body of PUT /v1/seller-identity: the whole identity (members left out are cleared). */
export const SellerIdentityBody = closedType(
  {
    legalName: NonEmptyTrimmedString(200),
    addressLines: t.readonlyArray(NonEmptyTrimmedString(200)),
    city: NonEmptyTrimmedString(100),
    countryCode: CountryCode,
  },
  {
    tradingName: nullable(NonEmptyTrimmedString(200)),
    postcode: nullable(NonEmptyTrimmedString(20)),
    vatNumber: nullable(VatNumber),
    taxRegistration: nullable(NonEmptyTrimmedString(50)),
    companyRegistrationId: nullable(NonEmptyTrimmedString(100)),
    contactName: nullable(NonEmptyTrimmedString(200)),
    contactEmail: nullable(Email),
    contactPhone: nullable(NonEmptyTrimmedString(50)),
    defaultPaymentTermsDays: nullable(IntFromStringOrNumber),
    bankAccounts: t.readonlyArray(BankAccount),
  },
  "SellerIdentity",
);
export type SellerIdentityBody = t.TypeOf<typeof SellerIdentityBody>;

const textUpTo = (maxLength: number) => documented(nullable(t.string), { maxLength });
const lineOf = (maxLength: number) => documented(t.string, { minLength: 1, maxLength });

/** The seller identity as answered: every member, nulls included; a bank account's BIC as bicSwift and its alias bic. */
export const SellerIdentityView = t.type(
  {
    legalName: lineOf(200),
    tradingName: textUpTo(200),
    addressLines: documented(t.readonlyArray(lineOf(200)), { minItems: 1, maxItems: 3 }),
    city: lineOf(100),
    postcode: textUpTo(20),
    countryCode: documented(t.string, { pattern: "^[A-Za-z]{2}$", description: "ISO 3166-1 alpha-2." }),
    vatNumber: documented(nullable(t.string), { description: "With its country prefix, e.g. DE123456789." }),
    taxRegistration: textUpTo(50),
    companyRegistrationId: textUpTo(100),
    contactName: textUpTo(200),
    contactEmail: documented(nullable(t.string), { format: "email" }),
    contactPhone: textUpTo(50),
    defaultPaymentTermsDays: documented(nullable(Integer), { minimum: 0, maximum: 365 }),
    bankAccounts: documented(
      t.readonlyArray(
        t.type({
          iban: documented(t.string, {
            description: "Spaces and case forgiven; stored in electronic form; check digits hold.",
          }),
          bicSwift: documented(nullable(t.string), {
            description: "8 or 11 characters; the name every bank details object uses.",
          }),
          bic: documented(nullable(t.string), {
            description: "The old name of bicSwift: accepted and answered alike.",
          }),
          accountName: textUpTo(200),
        }),
      ),
      { maxItems: 5 },
    ),
    updatedAt: IsoDateTime,
  },
  "SellerIdentity",
);

export const sellerIdentityView = (s: SellerIdentity): t.TypeOf<typeof SellerIdentityView> => ({
  ...s,
  bankAccounts: s.bankAccounts.map((a) => ({ iban: a.iban, bicSwift: a.bic, bic: a.bic, accountName: a.accountName })),
  updatedAt: s.updatedAt.toISOString(),
});

const missing = () =>
  notFound("SellerIdentity.NotSet", "The organisation has not set its seller identity yet (PUT /v1/seller-identity).");

/** The organisation's seller identity. */
export const getSellerIdentity =
  (deps: { readonly db: { readonly stores: Pick<Stores, "sellerIdentities"> } }) =>
  (scope: OrgScope): TE.TaskEither<DomainError, SellerIdentity> =>
  async () => {
    const found = await deps.db.stores.sellerIdentities.ofOrganisation(scope);
    return found === undefined ? E.left(missing()) : E.right(found);
  };

/** Sets the organisation's seller identity; documents rendered from then on carry it. */
export const putSellerIdentity =
  (deps: Pick<TenancyDeps<"sellerIdentities">, "db" | "clock">) =>
  (scope: OrgScope, body: SellerIdentityBody): TE.TaskEither<DomainError, SellerIdentity> =>
  async () => {
    const errors = [];
    if (body.addressLines.length < 1 || body.addressLines.length > 3)
      errors.push({ field: "addressLines", code: "count", message: "addressLines takes one to three lines" });
    const days = body.defaultPaymentTermsDays;
    if (days != null && (days < 0 || days > 365))
      errors.push({
        field: "defaultPaymentTermsDays",
        code: "range",
        message: "defaultPaymentTermsDays must be a whole number of days from 0 to 365",
      });
    // EN 16931 BR-CO-26: a buyer's system identifies the seller by its VAT number or its company registration.
    if (body.vatNumber == null && body.companyRegistrationId == null)
      errors.push({
        field: "vatNumber",
        code: "required",
        message: "vatNumber or companyRegistrationId is required (e-invoices identify the seller by one)",
      });
    if ((body.bankAccounts?.length ?? 0) > 5)
      errors.push({ field: "bankAccounts", code: "too_many", message: "bankAccounts takes at most 5" });
    for (const [i, a] of (body.bankAccounts ?? []).entries())
      if (a.bicSwift != null && a.bic != null && a.bicSwift !== a.bic)
        errors.push({
          field: `bankAccounts.${i}.bicSwift`,
          code: "conflict",
          message: `bankAccounts[${i}] gives two different BICs: bicSwift (the name to use) and bic (its old alias)`,
        });
    if (errors.length > 0) return E.left(validationError(errors));
    const identity: SellerIdentity = {
      legalName: body.legalName,
      tradingName: body.tradingName ?? null,
      addressLines: body.addressLines,
      city: body.city,
      postcode: body.postcode ?? null,
      countryCode: body.countryCode,
      vatNumber: body.vatNumber ?? null,
      taxRegistration: body.taxRegistration ?? null,
      companyRegistrationId: body.companyRegistrationId ?? null,
      contactName: body.contactName ?? null,
      contactEmail: body.contactEmail ?? null,
      contactPhone: body.contactPhone ?? null,
      defaultPaymentTermsDays: days ?? null,
      bankAccounts: (body.bankAccounts ?? []).map((a) => ({
        iban: a.iban,
        bic: a.bicSwift ?? a.bic ?? null,
        accountName: a.accountName ?? null,
      })),
      updatedAt: deps.clock.now(),
    };
    await deps.db.run((s) => s.sellerIdentities.save(scope, identity));
    return E.right(identity);
  };
