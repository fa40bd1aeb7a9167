import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/** What the test provider says about a login name. */
export interface TestAccount {
  readonly email: string;
  readonly email_verified: boolean;
}

/** A conformant OpenID Connect provider (oidc-provider) on loopback: discovery, JWKS, authorization, token. */
export interface TestProvider {
  /** `http://localhost:<port>`: another site than apar's `127.0.0.1`, as a real provider is. */
  readonly issuer: string;
  close(): Promise<void>;
}

const formOf = (req: IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(new URLSearchParams(Buffer.concat(chunks).toString("utf8"))));
    req.on("error", reject);
  });

const LOGIN_PAGE = (uid: string) => `<!doctype html><html lang="en"><head><title>Test provider</title></head><body>
<main><h1>Test provider</h1><form method="post" action="/interaction/${uid}">
<label for="login">Login</label><input id="login" name="login" required>
<button type="submit" id="provider-sign-in">Sign in</button></form></main></body></html>`;

/**
 * Starts a provider at `port` for one confidential client whose redirect URI is `redirectUri`. Its interaction is
 * a one-field login form (any name of `accounts`; consent is granted at once), so that nothing loads from outside.
 */
export const startOidcProvider = async (options: {
  readonly port: number;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
  readonly accounts: Readonly<Record<string, TestAccount>>;
}): Promise<TestProvider> => {
  const issuer = `http://localhost:${options.port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: "test", alg: "RS256", use: "sig" }] },
    cookies: { keys: ["test provider cookie key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    findAccount: async (_ctx, id) => {
      const account = options.accounts[id];
      return account === undefined ? undefined : { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  const callback = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      if (req.method === "GET") {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(LOGIN_PAGE(details.uid));
        return;
      }
      const login = (await formOf(req)).get("login") ?? "";
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: String(details.session?.accountId), clientId: options.clientId });
    grant.addOIDCScope("openid email");
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  };

  const server = createServer((req, res) => {
    if (req.url?.startsWith("/interaction/") === true)
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    else void callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
