import { BankDetailsVerdictView, CountryProfileView, toJsonSchema } from "@apar/core";
import { BankDetailsInput, bankCountryProfile, checkBankDetails, listBankCountries } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import { listSchema, withBody } from "./support.js";

const TAG = "bank-details";

const PROFILE_SCHEMA = toJsonSchema(CountryProfileView);
const VERDICT_SCHEMA = toJsonSchema(BankDetailsVerdictView);

/**
 * Bank details: the countries with a profile, one country's profile, and validation by rule. The spec writes
 * them without `/v1`; they answer under `/v1` too. Any credential may call them (they read no tenant's data).
 */
export const bankDetailsRoutes = (): RouteDef[] =>
  ["", "/v1"].flatMap((prefix): RouteDef[] => {
    const suffix = prefix === "" ? "" : "V1";
    return [
      {
        method: "GET",
        path: `${prefix}/bank-details/countries`,
        operationId: `listBankDetailCountries${suffix}`,
        summary: "Countries with bank-detail support, with their profiles",
        tags: [TAG],
        responses: {
          "200": { description: "Every country, by code (one page).", schema: listSchema(CountryProfileView) },
        },
        handler: async () => ({ status: 200, body: { data: listBankCountries(), nextCursor: null, hasMore: false } }),
      },
      {
        method: "GET",
        path: `${prefix}/bank-details/countries/{code}/profile`,
        operationId: `getBankDetailCountryProfile${suffix}`,
        summary: "One country's bank-detail profile: the fields to fill and the rails with the fields each needs",
        tags: [TAG],
        parameters: [
          { name: "code", in: "path", required: true, description: "ISO 3166-1 alpha-2.", schema: { type: "string" } },
        ],
        responses: {
          "200": { description: "The profile.", schema: PROFILE_SCHEMA },
          "404": { description: "`BankDetails.UnknownCountry`: no profile for that country." },
        },
        handler: async (ctx) => {
          const profile = bankCountryProfile(ctx.params.code ?? "");
          return E.isLeft(profile) ? profile.left : { status: 200, body: profile.right };
        },
      },
      {
        method: "POST",
        path: `${prefix}/bank-details/validate`,
        operationId: `validateBankDetails${suffix}`,
        summary: "Validate bank details by rule (no network); answers every error and the canonical form",
        tags: [TAG],
        requestBody: jsonBody(BankDetailsInput),
        responses: {
          "200": { description: "The verdict (also for details that are not valid).", schema: VERDICT_SCHEMA },
          "400": { description: "`Request.Invalid`: the body is not a bank details object." },
        },
        handler: (ctx) => withBody(BankDetailsInput, ctx, async (b) => ({ status: 200, body: checkBankDetails(b) })),
      },
    ];
  });

/** The tag's description. */
export const BANK_DETAILS_TAG_DESCRIPTIONS = {
  [TAG]: "Bank-detail validation by rule and per-country field profiles.",
} as const;
