import { freePort } from "../../helpers/free-port.js";
import { startOidcProvider, type TestAccount, type TestProvider } from "../../helpers/oidc-provider.js";
import { type BillHarness, startBillHarness } from "../bills/bill-harness.js";
import { type SmtpSink, startSmtpSink } from "../invoices/smtp-sink.js";

/** A host whose mail goes to a real SMTP server and whose portal signs in through a provider on loopback. */
export interface SignInHarness {
  readonly h: BillHarness;
  readonly smtp: SmtpSink;
  readonly idp: TestProvider;
  /** `http://127.0.0.1:<port>`: the host's public URL (the provider is on `localhost`, another site). */
  readonly base: string;
  dispose(): Promise<void>;
}

/** Starts the SMTP sink, the provider with `accounts`, and the host configured for both. */
export const startSignInHarness = async (accounts: Readonly<Record<string, TestAccount>>): Promise<SignInHarness> => {
  const smtp = await startSmtpSink();
  const [port, idpPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const idp = await startOidcProvider({
    port: idpPort,
    clientId: "apar",
    clientSecret: "apar-test-secret",
    redirectUri: `${base}/portal/sign-in/oidc/callback`,
    accounts,
  });
  const h = await startBillHarness({
    vars: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      APAR_PORT: String(port),
      APAR_PUBLIC_URL: base,
      APAR_OIDC_ISSUER: idp.issuer,
      APAR_OIDC_CLIENT_ID: "apar",
      APAR_OIDC_CLIENT_SECRET: "apar-test-secret",
      APAR_OIDC_NAME: "Test provider",
    },
  });
  return {
    h,
    smtp,
    idp,
    base,
    dispose: async () => {
      await h.dispose();
      await idp.close();
      await smtp.close();
    },
  };
};
