import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fixedResolver } from "@apar/adapters/mail/inbound/index";
import { secureRandomBytes } from "@apar/adapters/system/ids";
import { createApiKey, createClient, createOrganisation } from "@apar/core/app";
import * as E from "fp-ts/lib/Either.js";
import { pino } from "pino";
import { type RunningApp, startApp } from "../../../host/src/app.js";
import { loadConfig } from "../../../host/src/config.js";
import { TOKENS } from "../../../host/src/tokens.js";
import { mysqlConnection } from "../../helpers/databases.js";
import { eventually } from "../../helpers/eventually.js";
import { type HostEnvironment, hostEnvironment, ROOT } from "../../helpers/host-process.js";
import { fakeReader } from "../bills/bill-harness.js";
import { send } from "../support/client.js";

const FIXTURES = join(ROOT, "fixtures/email-auth");

/** The dkimpy suite's 1024-bit RSA test key and its public record (throwaway test keys). */
export const DKIM_PRIVATE_KEY = readFileSync(join(FIXTURES, "dkimpy/test.private"), "utf8");
const DKIM_RECORD = (
  JSON.parse(readFileSync(join(FIXTURES, "dkim-manifest.json"), "utf8")) as {
    dns_txt_records: Record<string, string>;
  }
).dns_txt_records["test._domainkey.example.com."] as string;

/**
 * Fixture DNS: supplier.example signs with selector `test` and allows 127.0.0.1 by SPF (with a DMARC
 * record of p=reject); forwarder.example allows nobody (`-all`); stranger.example publishes nothing.
 */
export const FIXTURE_DNS = fixedResolver({
  "test._domainkey.supplier.example": { TXT: [[DKIM_RECORD.trim()]] },
  "supplier.example": { TXT: [["v=spf1 ip4:127.0.0.1 -all"]] },
  "_dmarc.supplier.example": { TXT: [["v=DMARC1; p=reject"]] },
  "forwarder.example": { TXT: [["v=spf1 -all"]] },
});

export interface InboundHarness {
  readonly app: RunningApp;
  readonly env: HostEnvironment;
  readonly smtpPort: number;
  readonly httpPort: number;
  /** Everything the process logged so far. */
  logs(): string;
  dispose(): Promise<void>;
}

/** Starts the real host with the api, worker and smtp roles, the fake reader and the fixture DNS. */
export const startInboundHarness = async (vars: Record<string, string> = {}): Promise<InboundHarness> => {
  const env = await hostEnvironment();
  const decoded = loadConfig({
    ...env.env,
    APAR_ROLES: "api,worker,smtp",
    APAR_RATE_LIMITS: "off",
    APAR_SMTP_PORT: "0",
    APAR_HOST: "127.0.0.1",
    APAR_SMTP_MAX_BYTES: "1048576",
    ...vars,
  });
  if (E.isLeft(decoded)) throw new Error(decoded.left.join("; "));
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await startApp(decoded.right, pino({ level: "debug" }, sink), {
    documentReader: fakeReader,
    dnsResolver: FIXTURE_DNS,
  });
  return {
    app,
    env,
    smtpPort: app.smtpPort ?? 0,
    httpPort: app.port ?? 0,
    logs: () => lines.join(""),
    dispose: async () => {
      await app.stop();
      await env.dispose();
    },
  };
};

/** The marker as it may appear: plain, and base64 at each of the three alignments (as in a MIME part). */
export const markerForms = (marker: string): string[] => {
  const forms = [marker];
  for (let shift = 0; shift < 3; shift += 1) {
    const b64 = Buffer.concat([Buffer.alloc(shift, 0x20), Buffer.from(marker)]).toString("base64");
    // Drop the characters that depend on the neighbouring bytes.
    forms.push(b64.slice(Math.ceil((shift * 4) / 3) + 1, -4));
  }
  return forms.filter((f) => f.length >= 12);
};

/** Files under `dir` (recursively) whose bytes contain one of `needles`. */
export const filesContaining = (dir: string, needles: readonly string[]): string[] => {
  const hits: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const bytes = readFileSync(full).toString("latin1");
        if (needles.some((n) => bytes.includes(n))) hits.push(full);
      }
    }
  };
  walk(dir);
  return hits;
};

/** Tables (of a MySQL database) whose rows' text contains one of `needles`; SQLite is covered by its file. */
export const tablesContaining = async (
  databaseUrl: string | undefined,
  needles: readonly string[],
): Promise<string[]> => {
  if (databaseUrl === undefined) return [];
  const connection = await mysqlConnection(databaseUrl);
  try {
    const [tables] = await connection.query("SHOW TABLES");
    const hits: string[] = [];
    for (const row of tables as Record<string, string>[]) {
      const table = Object.values(row)[0] as string;
      const [rows] = await connection.query(`SELECT * FROM \`${table}\``);
      const text = JSON.stringify(rows, (_k, v) => (Buffer.isBuffer(v) ? v.toString("latin1") : v));
      if (needles.some((n) => text.includes(n))) hits.push(table);
    }
    return hits;
  } finally {
    await connection.end();
  }
};

const orThrow = <A>(r: E.Either<{ code: string }, A>): A => {
  if (E.isLeft(r)) throw new Error(r.left.code);
  return r.right;
};

/** A client with an API key, `organisations` organisations and a company feeding them, allowing `sender`. */
export const inboundTenant = async (h: InboundHarness, organisations = 1, sender = "supplier.example") => {
  const deps = {
    db: h.app.database,
    clock: h.app.container.get(TOKENS.Clock),
    ids: h.app.container.get(TOKENS.Ids),
    randomBytes: secureRandomBytes,
  };
  const client = orThrow(await createClient(deps)({ name: "Inbound client" })());
  const orgs = [];
  for (let i = 0; i < organisations; i += 1)
    orgs.push(orThrow(await createOrganisation(deps)({ clientId: client.id, name: `Inbound org ${i}` })()));
  const key = orThrow(await createApiKey(deps)({ scope: { kind: "clients", clientIds: [client.id] } })());
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    send(h.httpPort, {
      method,
      path,
      headers: {
        "x-service-api-key": key.rawKey,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: Buffer.from(JSON.stringify(body)) }),
    });
  const company = (
    await call("POST", "/v1/companies", { name: "Forwarded Bills", organisationIds: orgs.map((o) => o.id) })
  ).json as { id: string; forwardingAddress: string };
  const allowed = await call("POST", `/v1/companies/${company.id}/allowed-senders`, { sender });
  if (allowed.status !== 201) throw new Error(`allow: ${allowed.status}`);
  return { client, orgs, org: orgs[0] as (typeof orgs)[number], company, call };
};

/** Polls `get` until it answers a value. */
export const poll = <A>(get: () => Promise<A | undefined>, what: string): Promise<A> => eventually(get, what);
