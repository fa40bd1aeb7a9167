import {
  APPROVAL_LINK_TTL_MS,
  clientSettingsOf,
  documented,
  Integer,
  nullable,
  oneOf,
  toJsonSchema,
  Uuid,
} from "@apar/core";
import { TolerancesView, tolerancesOf } from "@apar/core/app";
import * as t from "io-ts";
import { PROBLEM_JSON, problemType } from "../problem.js";
import type { HttpReply, RouteDef } from "../route.js";
import type { RouteDeps } from "./deps.js";
import { orgScope } from "./support.js";

/** What the AP settings route reads: the operator's reading configuration and the database. */
export type ApSettingsRouteDeps = RouteDeps<"db" | "readingMethodFor" | "ocrLanguages" | "llmSecondLookBelow">;

const TAG = "settings";

/** The duplicate rules apar applies, in the order they win (core/src/duplicates/detect.ts). */
const DUPLICATE_RULES = [
  { basis: "SupplierId", rule: "same supplier record and the same invoice number (normalised)" },
  { basis: "SupplierName", rule: "same supplier name and the same invoice number (both normalised)" },
  { basis: "SameFile", rule: "the very same document file (sha-256), whatever its fields" },
] as const;

/** The AP settings as the API answers them. */
const ApSettingsView = t.type(
  {
    organisationId: Uuid,
    readingMethod: documented(oneOf(["OCR", "LLM"] as const, "ReadingMethod"), {
      description: "How the client's bills are read.",
    }),
    ocrLanguages: documented(t.readonlyArray(t.string), { description: "tesseract language codes" }),
    llmSecondLookBelow: documented(nullable(t.number), {
      description: "Key fields read with less confidence than this are asked of the LLM; null: never.",
    }),
    duplicateRules: documented(t.readonlyArray(t.type({ basis: t.string, rule: t.string })), {
      description:
        "The rules a new bill is checked against earlier ones by (voided bills never count), strongest first.",
    }),
    approvalLinkLifetimeHours: documented(Integer, { description: "How long an emailed approval link works." }),
    matchTolerances: documented(TolerancesView, { description: "As GET /v1/match-tolerances answers them." }),
    billReviewTimeAfterDueDate: documented(nullable(Integer), {
      description: "Days after its due date a bill may still wait in review (the client's setting).",
    }),
  },
  "ApSettings",
);

/** A 410 for an endpoint apar no longer serves, naming what replaced it. */
const removed = (path: string, detail: string, replacedBy: readonly string[]): HttpReply => ({
  status: 410,
  contentType: PROBLEM_JSON,
  body: {
    type: problemType(410),
    title: "Endpoint.Removed",
    status: 410,
    detail,
    instance: path,
    replacedBy,
  },
});

/** The problem a removed endpoint answers, naming what replaced it. */
const RemovedView = t.type(
  {
    type: t.string,
    title: t.literal("Endpoint.Removed"),
    status: t.literal(410),
    detail: t.string,
    instance: t.string,
    replacedBy: t.readonlyArray(t.string),
  },
  "EndpointRemoved",
);

const PATCH_REPLACED_BY = [
  "PUT /v1/match-tolerances (match tolerances)",
  "PATCH /v1/clients/{clientId} (billReviewTimeAfterDueDate)",
  "the operator's APAR_LLM_CLIENTS and APAR_OCR_LANGUAGES (reading method and languages)",
];
const OAUTH_REPLACED_BY = [
  "forwarding addresses: GET /v1/companies/{id} (forwardingAddress)",
  "POST /inbound/email (raw MIME from an email-delivery provider)",
];

/** `GET /settings/ap` (also under /v1) and the two removed endpoints, which answer 410. */
export const apSettingsRoutes = (deps: ApSettingsRouteDeps): RouteDef[] => {
  const read = (path: string, operationId: string): RouteDef => ({
    method: "GET",
    path,
    operationId,
    summary: "The organisation's accounts-payable settings (read only)",
    description:
      "Reading method and OCR languages, duplicate rules, approval-link lifetime, match tolerances and the review " +
      "time after a bill's due date. Each is changed where it lives (see the removed PATCH's `replacedBy`).",
    tags: [TAG],
    access: { scope: "organisation", module: "ap" },
    responses: { "200": { description: "The settings.", schema: toJsonSchema(ApSettingsView) } },
    handler: async (ctx) => {
      const { auth, scope } = orgScope(ctx);
      const body: t.TypeOf<typeof ApSettingsView> = {
        organisationId: scope.organisationId,
        readingMethod: deps().readingMethodFor(scope.clientId) === "llm" ? "LLM" : "OCR",
        ocrLanguages: deps().ocrLanguages,
        llmSecondLookBelow: deps().llmSecondLookBelow,
        duplicateRules: DUPLICATE_RULES,
        approvalLinkLifetimeHours: APPROVAL_LINK_TTL_MS / 3_600_000,
        matchTolerances: await tolerancesOf(deps().db.stores, scope),
        billReviewTimeAfterDueDate: clientSettingsOf(auth.client ?? {}).billReviewTimeAfterDueDate,
      };
      return { status: 200, body };
    },
  });
  const gone = (method: "PATCH" | "POST", path: string, operationId: string, detail: string, by: readonly string[]) =>
    ({
      method,
      path,
      operationId,
      summary: `Removed: answers 410 naming its replacement`,
      tags: [TAG],
      security: "none",
      access: { scope: "none" },
      responses: {
        "410": {
          description: "Removed (Endpoint.Removed).",
          schema: toJsonSchema(RemovedView),
          mediaType: PROBLEM_JSON,
        },
      },
      handler: async () => removed(path, detail, by),
    }) satisfies RouteDef;
  const patchDetail = "PATCH /settings/ap was removed; AP settings are read here and changed where each lives.";
  const oauthDetail = "The mailbox OAuth callback was removed: bills arrive by forwarding to a company's address.";
  return [
    read("/settings/ap", "getApSettings"),
    read("/v1/settings/ap", "getApSettingsV1"),
    gone("PATCH", "/settings/ap", "patchApSettingsRemoved", patchDetail, PATCH_REPLACED_BY),
    gone("PATCH", "/v1/settings/ap", "patchApSettingsRemovedV1", patchDetail, PATCH_REPLACED_BY),
    gone("POST", "/mailbox-connections/oauth-callback", "mailboxOauthCallbackRemoved", oauthDetail, OAUTH_REPLACED_BY),
    gone(
      "POST",
      "/v1/mailbox-connections/oauth-callback",
      "mailboxOauthCallbackRemovedV1",
      oauthDetail,
      OAUTH_REPLACED_BY,
    ),
  ];
};
