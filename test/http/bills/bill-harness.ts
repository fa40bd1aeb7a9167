import { secureRandomBytes } from "@apar/adapters/system/ids";
import { EMPTY_FIELDS, type Extraction, type Module } from "@apar/core";
import { createApiKey, createClient, createOrganisation, createUser } from "@apar/core/app";
import type { DocumentReader } from "@apar/core/ports";
import * as E from "fp-ts/lib/Either.js";
import { pino } from "pino";
import { type RunningApp, startApp } from "../../../host/src/app.js";
import { loadConfig } from "../../../host/src/config.js";
import type { ContainerOverrides } from "../../../host/src/container.js";
import { TOKENS } from "../../../host/src/tokens.js";
import { eventually } from "../../helpers/eventually.js";
import { type HostEnvironment, hostEnvironment } from "../../helpers/host-process.js";
import { type Answer, send } from "../support/client.js";

/**
 * A fake reader: a document holding `FIELDS{...}FIELDS` answers those fields (confidence 0.9), one holding
 * `UNREADABLE` fails as unreadable, any other answers a fixed supplier and number.
 */
export const fakeReader: DocumentReader = {
  read: async (document) => {
    const text = Buffer.from(document.bytes).toString("latin1");
    if (text.includes("UNREADABLE")) return E.left({ reason: "unreadable", detail: "test document says so" });
    const m = /FIELDS(\{.*?\})FIELDS/s.exec(text);
    const fields = {
      ...EMPTY_FIELDS,
      supplierName: "Default Supplier",
      invoiceNumber: "D-1",
      ...(m ? JSON.parse(m[1] ?? "{}") : {}),
    };
    const extraction: Extraction = {
      reader: document.mediaType === "application/xml" ? "einvoice" : "pdf-text",
      fields,
      fieldConfidence: { supplierName: 0.9, invoiceNumber: 0.8 },
      confidence: 0.9,
    };
    return E.right(extraction);
  },
};

export interface BillHarness {
  readonly app: RunningApp;
  readonly env: HostEnvironment;
  /** Headers of an API key of a fresh client, acting in its organisation. */
  readonly headers: Record<string, string>;
  readonly clientId: string;
  readonly organisationId: string;
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<Answer>;
  upload(
    file: Buffer | undefined,
    options?: { filename?: string; headers?: Record<string, string>; part?: string },
  ): Promise<Answer>;
  /** Polls the bill until it leaves Extracting (the worker runs in-process and is woken on upload). */
  settled(id: string): Promise<Record<string, unknown>>;
  dispose(): Promise<void>;
}

/** Builds a multipart/form-data body with text fields (sent first) and one file part. */
export const multipart = (
  file: Buffer,
  filename = "bill.pdf",
  part = "file",
  fields: Readonly<Record<string, string>> = { note: "hello" },
) => {
  const boundary = `----apar${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const body = Buffer.concat([
    Buffer.from(
      texts +
        `--${boundary}\r\nContent-Disposition: form-data; name="${part}"; filename="${filename}"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

/** Starts the real host (api and worker roles) with the fake reader and a fresh client, key and organisation. */
export const startBillHarness = async (
  options: {
    vars?: Record<string, string>;
    reader?: DocumentReader | "real";
    env?: HostEnvironment;
    overrides?: ContainerOverrides;
  } = {},
): Promise<BillHarness> => {
  const env = options.env ?? (await hostEnvironment());
  const decoded = loadConfig({
    ...env.env,
    APAR_ROLES: "api,worker",
    APAR_RATE_LIMITS: "off",
    APAR_LOG_LEVEL: "silent",
    ...options.vars,
  });
  if (E.isLeft(decoded)) throw new Error(decoded.left.join("; "));
  const app = await startApp(decoded.right, pino({ level: "silent" }), {
    ...(options.reader === "real" ? {} : { documentReader: options.reader ?? fakeReader }),
    ...options.overrides,
  });
  const port = app.port ?? 0;
  const deps = {
    db: app.database,
    clock: app.container.get(TOKENS.Clock),
    ids: app.container.get(TOKENS.Ids),
    randomBytes: secureRandomBytes,
  };
  const orThrow = <A>(r: E.Either<{ code: string }, A>): A => {
    if (E.isLeft(r)) throw new Error(r.left.code);
    return r.right;
  };
  const client = orThrow(await createClient(deps)({ name: "Bills client" })());
  const organisation = orThrow(await createOrganisation(deps)({ clientId: client.id, name: "Bills org" })());
  const key = orThrow(await createApiKey(deps)({ scope: { kind: "clients", clientIds: [client.id] } })());
  const headers = { "x-service-api-key": key.rawKey, "x-service-organisation-id": organisation.id };
  const call: BillHarness["call"] = (method, path, o = {}) => {
    const text = o.body === undefined ? undefined : JSON.stringify(o.body);
    return send(port, {
      method,
      path,
      headers: { ...headers, ...(text === undefined ? {} : { "content-type": "application/json" }), ...o.headers },
      ...(text === undefined ? {} : { body: Buffer.from(text) }),
    });
  };
  return {
    app,
    env,
    headers,
    clientId: client.id,
    organisationId: organisation.id,
    call,
    upload: (file, o = {}) => {
      const { body, contentType } = multipart(file ?? Buffer.alloc(0), o.filename, o.part);
      return send(port, {
        method: "POST",
        path: "/v1/bills",
        headers: { ...headers, "content-type": contentType, ...o.headers },
        body: file === undefined ? Buffer.from(`--x--\r\n`) : body,
      });
    },
    settled: (id) =>
      eventually(async () => {
        const bill = (await call("GET", `/v1/bills/${id}`)).json as Record<string, unknown>;
        return bill.state !== "Extracting" && bill;
      }, `bill ${id} to leave Extracting`),
    dispose: async () => {
      await app.stop();
      if (options.env === undefined) await env.dispose();
    },
  };
};

/** Bank details as a reader gives them: every member, null where the document said nothing. */
export const bankDetailsOf = (iban: string) => ({
  accountHolderName: null,
  accountNumber: null,
  sortCode: null,
  routingNumber: null,
  iban,
  bicSwift: null,
  country: null,
  currency: null,
});

/** A PDF-looking document carrying fields for the fake reader. */
export const pdfWith = (fields: Record<string, unknown>, salt = Math.random().toString(36)): Buffer =>
  Buffer.from(`%PDF-1.7\n% ${salt}\nFIELDS${JSON.stringify(fields)}FIELDS\n%%EOF\n`, "latin1");

/** A file of each supported type (magic bytes, then filler). */
export const SAMPLES: Record<string, Buffer> = {
  "application/pdf": pdfWith({ invoiceNumber: "P-1" }),
  "image/png": Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("png body")]),
  "image/jpeg": Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("jpeg body")]),
  "image/tiff": Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.from("tiff body")]),
  "image/webp": Buffer.concat([Buffer.from("RIFF"), Buffer.from([1, 0, 0, 0]), Buffer.from("WEBPVP8 body")]),
  "application/xml": Buffer.from(
    '<?xml version="1.0"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
  ),
};

/** Another client of the harness's app with an organisation and a client key (its modules as given, else the default). */
/** The dependencies core's tenancy use cases take, from the harness's host. */
export const depsOf = (h: BillHarness) => ({
  db: h.app.database,
  clock: h.app.container.get(TOKENS.Clock),
  ids: h.app.container.get(TOKENS.Ids),
  randomBytes: secureRandomBytes,
});

export const anotherClient = async (h: BillHarness, modules?: readonly Module[]) => {
  const deps = depsOf(h);
  const orThrow = <A>(r: E.Either<{ code: string }, A>): A => {
    if (E.isLeft(r)) throw new Error(r.left.code);
    return r.right;
  };
  const client = orThrow(
    await createClient(deps)({ name: "Another client", ...(modules === undefined ? {} : { modules }) })(),
  );
  const organisation = orThrow(await createOrganisation(deps)({ clientId: client.id, name: "Their org" })());
  const key = orThrow(await createApiKey(deps)({ scope: { kind: "clients", clientIds: [client.id] } })());
  return {
    client,
    organisation,
    rawKey: key.rawKey,
    headers: { "x-service-api-key": key.rawKey, "x-service-organisation-id": organisation.id },
  };
};

/** A user of the harness's client with a role in its organisation, and a bearer token for it (the real code and exchange routes). */
export const userWithToken = async (h: BillHarness, role: "Approver" | "Admin" | "Member") => {
  const deps = {
    db: h.app.database,
    clock: h.app.container.get(TOKENS.Clock),
    ids: h.app.container.get(TOKENS.Ids),
    randomBytes: secureRandomBytes,
  };
  const user = await createUser(deps)({
    clientId: h.clientId,
    email: `${role.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`,
    name: role,
    clientRoles: [],
    organisation: { id: h.organisationId, roles: [role] },
  })();
  if (E.isLeft(user)) throw new Error(user.left.code);
  const code = await h.call("POST", "/v1/auth/codes", {
    body: { userId: user.right.id, organisationId: h.organisationId },
  });
  const exchanged = await send(h.app.port ?? 0, {
    method: "POST",
    path: "/v1/auth/exchange",
    headers: { "content-type": "application/json" },
    body: Buffer.from(JSON.stringify({ code: (code.json as Record<string, unknown>).code })),
  });
  return { id: user.right.id, token: String((exchanged.json as Record<string, unknown>).token) };
};

/**
 * Dual control in tests: a second person (a new Approver of the harness's organisation, with a bearer token)
 * confirms the supplier's account as stored; with `iban`, the supplier gets that account first (proposed by the
 * harness's key). Throws unless the account ends Confirmed. Answers the supplier's JSON.
 */
export const confirmSupplierAccount = async (
  h: BillHarness,
  supplierId: string,
  iban?: string,
): Promise<Record<string, unknown>> => {
  if (iban !== undefined) {
    const patched = await h.call("PATCH", `/v1/suppliers/${supplierId}`, { body: { bankDetails: { iban } } });
    if (patched.status !== 200) throw new Error(`supplier account: ${patched.status} ${patched.text}`);
  }
  const seen = (await h.call("GET", `/v1/suppliers/${supplierId}`)).json as { bankDetails: unknown };
  const approver = await userWithToken(h, "Approver");
  const confirmed = await h.call("POST", `/v1/suppliers/${supplierId}/bank-details/confirm`, {
    headers: { authorization: `Bearer ${approver.token}`, "x-service-api-key": "" },
    body: { bankDetails: seen.bankDetails },
  });
  const json = confirmed.json as Record<string, unknown>;
  if (confirmed.status !== 200 || json.bankDetailsStatus !== "Confirmed")
    throw new Error(`confirm: ${confirmed.status} ${confirmed.text}`);
  return json;
};

/** Suppliers named as the fake reader's bills name them, each with an account a second person confirmed. */
export const confirmedSuppliers = async (h: BillHarness, names: readonly string[]): Promise<void> => {
  for (const name of names) {
    const made = await h.call("POST", "/v1/suppliers", {
      body: { name, bankDetails: { iban: "DE89370400440532013000" } },
    });
    if (made.status !== 201) throw new Error(`supplier ${name}: ${made.status} ${made.text}`);
    await confirmSupplierAccount(h, String((made.json as Record<string, unknown>).id));
  }
};
