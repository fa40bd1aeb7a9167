import { toJsonSchema } from "@apar/core";
import {
  AuthCodeBody,
  AuthCodeView,
  AuthExchangeBody,
  authCodeView,
  ExchangedTokenView,
  exchangeAuthCode,
  exchangedTokenView,
  issueAuthCode,
} from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { jsonBody, type RouteDef } from "../route.js";
import { clientAuth, decodeBody, NO_STORE, reply, type TenancyRouteDeps } from "./support.js";

const TAG = "auth";

/** The code and exchange routes, served under both `/v1/auth/...` and `/auth/...` (the spec writes both). */
export const authRoutes = (deps: TenancyRouteDeps): RouteDef[] => {
  const codes = (path: string, operationId: string): RouteDef => ({
    method: "POST",
    path,
    operationId,
    summary: "Issue a short-lived, single-use auth code for a user",
    description:
      "An API-key holder issues a code for a user of its client who acts in the organisation; the user's " +
      "browser exchanges it at /v1/auth/exchange within 5 minutes. Rate limited to 10 per minute per API key " +
      "(requests with a valid one) and 5 per minute per source IP.",
    tags: [TAG],
    access: { scope: "client", credentials: "api_key" },
    limit: "auth",
    requestBody: jsonBody(AuthCodeBody),
    responses: {
      "201": {
        description: "The code (shown once).",
        schema: toJsonSchema(AuthCodeView),
      },
    },
    handler: async (ctx) => {
      const { auth, client } = clientAuth(ctx);
      const input = decodeBody(AuthCodeBody, ctx);
      if (E.isLeft(input)) return input.left;
      if (auth.principal.kind !== "api_key") throw new Error("codes route reached without an API key");
      return reply(
        issueAuthCode(deps())({ clientId: client.id, apiKeyId: auth.principal.key.id, ...input.right }),
        201,
        authCodeView,
        NO_STORE,
      );
    },
  });
  const exchange = (path: string, operationId: string): RouteDef => ({
    method: "POST",
    path,
    operationId,
    summary: "Exchange an auth code for a bearer token",
    description:
      "The code is the credential: no API key is sent (browsers call this). The token is valid for 8 hours " +
      "and covers every organisation of the user; choose one per request with the organisation header. Rate " +
      "limited to 10 per minute per code and 5 per minute per source IP: exchanges of other codes never spend a " +
      "valid code's budget.",
    tags: [TAG],
    access: { scope: "none" },
    limit: "auth",
    limitKeyMember: "code",
    requestBody: jsonBody(AuthExchangeBody),
    responses: {
      "200": {
        description: "The bearer token and the user's organisations.",
        schema: toJsonSchema(ExchangedTokenView),
      },
      "401": { description: "The code is unknown, used or expired (Auth.InvalidCode)." },
    },
    handler: async (ctx) => {
      const input = decodeBody(AuthExchangeBody, ctx);
      if (E.isLeft(input)) return input.left;
      return reply(
        exchangeAuthCode({ ...deps(), tokens: deps().bearerTokens })(input.right.code),
        200,
        exchangedTokenView,
        NO_STORE,
      );
    },
  });
  return [
    codes("/v1/auth/codes", "createAuthCode"),
    codes("/auth/codes", "createAuthCodeUnversioned"),
    exchange("/v1/auth/exchange", "exchangeAuthCode"),
    exchange("/auth/exchange", "exchangeAuthCodeUnversioned"),
  ];
};
