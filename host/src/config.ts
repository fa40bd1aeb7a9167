import { isIP } from "node:net";
import { issuerAllowed } from "@apar/adapters/portal/oidc";
import { installedOcrLanguages } from "@apar/adapters/reading/ocr-languages";
import { serversOf } from "@apar/adapters/sql/index";
import * as E from "fp-ts/lib/Either.js";
import * as t from "io-ts";
import type { JwkSet } from "./jwt-keys.js";

/** The process roles `APAR_ROLES` may name. */
export const ROLES = ["api", "worker", "scheduler", "smtp"] as const;
export type Role = (typeof ROLES)[number];

export interface Config {
  readonly port: number;
  readonly host: string;
  /** The HTTP port of a process without the api role (health, readiness, metrics); unset: none. */
  readonly workerPort: number | undefined;
  readonly dataDir: string;
  readonly documentsDir: string;
  /** Documents in this S3 bucket instead of the folder (with the endpoint, region and key prefix below). */
  readonly documentsS3Bucket: string | undefined;
  readonly documentsS3Endpoint: string | undefined;
  readonly documentsS3Region: string;
  readonly documentsS3Prefix: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly roles: readonly Role[];
  /** `APAR_PROCESSES`; unset: see `processCount`. */
  readonly processes: number | undefined;
  readonly headerPrefix: string;
  readonly smtpPort: number;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Base URL of links in mail (public approval links); unset: http://localhost:<port>. */
  readonly publicUrl: string | undefined;
  readonly secretKey: string | undefined;
  readonly rateLimits: boolean;
  /** `APAR_KEY_CACHE`: see `keyCacheOn`. */
  readonly keyCache: "auto" | "on" | "off";
  readonly jwtKeys: JwkSet | undefined;
  readonly corsOrigins: readonly string[];
  readonly mcpAllowedOrigins: readonly string[];
  readonly redisUrl: string | undefined;
  readonly trustedProxies: readonly string[];
  readonly maxBodyBytes: number;
  readonly maxUploadBytes: number;
  readonly logLevel: string;
  readonly workerConcurrency: number;
  readonly jobVisibilityMs: number;
  readonly readTimeoutMs: number;
  readonly readProcesses: number;
  readonly readMemoryMb: number;
  readonly readMaxGrowthMb: number;
  readonly llmClients: readonly string[];
  readonly ocrLanguages: readonly string[];
  /** `APAR_OCR_SECOND_EYE`: PaddleOCR's second reading of images tesseract reads unsure, or none. */
  readonly ocrSecondEye: "paddle" | "off";
  readonly llmBaseUrl: string | undefined;
  readonly llmModel: string | undefined;
  readonly llmApiKey: string | undefined;
  readonly llmBelow: number | undefined;
  readonly paymentGateway: "manual" | "stripe";
  readonly stripeSecretKey: string | undefined;
  readonly stripeWebhookSecret: string | undefined;
  readonly stripeApiUrl: string | undefined;
  readonly agentBaseUrl: string | undefined;
  readonly agentModel: string | undefined;
  readonly agentApiKey: string | undefined;
  readonly agentMaxToolCalls: number;
  readonly agentMaxTokens: number;
  readonly agentTurnSeconds: number;
  readonly webhooksAllowInsecure: boolean;
  readonly webhooksPrivateCidrs: readonly string[];
  readonly webhooksLeaseMs: number;
  readonly webhooksLoops: number;
  readonly listScanRows: number;
  readonly inboundDomain: string;
  readonly smtpTlsCert: string | undefined;
  readonly smtpTlsKey: string | undefined;
  readonly smtpMaxBytes: number;
  readonly inboundEmailSecret: string | undefined;
  readonly trustedMailGateways: readonly string[];
  readonly trustedAuthservIds: readonly string[];
  /** The name the first start gives the organisation it creates. */
  readonly firstOrganisationName: string;
  /** OpenID Connect sign-in to the portal: the provider's issuer, apar's client id and secret there. */
  readonly oidcIssuer: string | undefined;
  readonly oidcClientId: string | undefined;
  readonly oidcClientSecret: string | undefined;
  readonly oidcName: string;
}

/** One variable: its name, default (undefined: optional) and codec from the raw string. */
interface Variable<A> {
  readonly name: string;
  readonly codec: t.Decoder<unknown, A>;
  readonly fallback: string | undefined;
  readonly meaning: string;
}

const fromString = <A>(name: string, parse: (s: string) => A | undefined, expected: string) =>
  new t.Type<A, unknown, unknown>(
    name,
    (u): u is A => true,
    (u, c) => {
      const parsed = typeof u === "string" ? parse(u) : undefined;
      return parsed === undefined ? t.failure(u, c, expected) : t.success(parsed);
    },
    (a) => a,
  );

const port = fromString<number>(
  "Port",
  (s) => (/^\d{1,5}$/.test(s) && Number(s) <= 65535 ? Number(s) : undefined),
  "a port number from 0 to 65535",
);
const positiveInt = fromString<number>(
  "PositiveInt",
  (s) => (/^[1-9]\d{0,14}$/.test(s) ? Number(s) : undefined),
  "a positive whole number",
);
/** A whole number from 1 to `max`: counts of processes, loops or jobs at once, where a typo would stall the machine. */
const countUpTo = (max: number) =>
  fromString<number>(
    `CountUpTo${max}`,
    (s) => (/^[1-9]\d{0,5}$/.test(s.trim()) && Number(s) <= max ? Number(s) : undefined),
    `a whole number from 1 to ${max}`,
  );
const fraction = fromString<number | undefined>(
  "Fraction",
  (s) => (/^(?:0(?:\.\d{1,3})?|1(?:\.0{1,3})?)$/.test(s.trim()) ? Number(s.trim()) : undefined),
  "a number from 0 to 1 (0.85)",
);
const nonEmpty = fromString<string>("NonEmpty", (s) => (s.trim() === "" ? undefined : s.trim()), "a non-empty value");
const optional = fromString<string | undefined>("Optional", (s) => (s.trim() === "" ? undefined : s.trim()), "");
/**
 * One of a few words, in any case, mapped to its value. Looked up among the words' own keys only: an object
 * literal indexed by the input answered "constructor" and "__proto__" with Object's own members.
 */
const wordOf = <A>(name: string, words: Readonly<Record<string, A>>, expected: string) =>
  fromString<A>(
    name,
    (s) => {
      const word = s.trim().toLowerCase();
      return Object.hasOwn(words, word) ? words[word] : undefined;
    },
    expected,
  );
/** One of `names`, in any case. */
const oneOf = <K extends string>(name: string, names: readonly K[]) =>
  wordOf<K>(
    name,
    Object.fromEntries(names.map((n) => [n, n])) as Record<string, K>,
    `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`,
  );
const onOff = wordOf<boolean>(
  "OnOff",
  { on: true, true: true, "1": true, off: false, false: false, "0": false },
  "on or off",
);
const roles = fromString<readonly Role[]>(
  "Roles",
  (s) => {
    const names = s
      .split(",")
      .map((r) => r.trim())
      .filter((r) => r !== "");
    const unique = [...new Set(names)];
    return unique.length > 0 && unique.every((r): r is Role => (ROLES as readonly string[]).includes(r))
      ? unique
      : undefined;
  },
  `a comma-separated list of ${ROLES.join(", ")}`,
);
const autoOnOff = oneOf("AutoOnOff", ["auto", "on", "off"] as const);
const gatewayName = oneOf("PaymentGateway", ["manual", "stripe"] as const);
const secondEyeName = oneOf("SecondEye", ["paddle", "off"] as const);
/** An OpenID Connect issuer: https, or http on loopback (development and tests); kept as written (Auth0's ends in `/`). */
const oidcIssuer = fromString<string | undefined>(
  "OidcIssuer",
  (s) => (s.trim() === "" ? undefined : issuerAllowed(s.trim()) ? s.trim() : undefined),
  "an https:// URL (http:// only on loopback)",
);
const brandWord = fromString<string>(
  "BrandWord",
  (s) => (/^[a-z][a-z0-9-]{0,30}$/.test(s) ? s : undefined),
  "a lower-case word (letters, digits, dashes)",
);
const mysqlUrl = fromString<string | undefined>(
  "DatabaseUrl",
  (s) => {
    if (s.trim() === "") return undefined as string | undefined;
    if (!/^mysql:\/\//i.test(s)) return undefined;
    try {
      const { servers, database } = serversOf(s);
      return servers.every((server) => server.host !== "") && database !== "" ? s : undefined;
    } catch {
      return undefined;
    }
  },
  "a mysql://user:password@host:3306/database URL (several servers of a cluster: host1:3306,host2:3306)",
);
const smtpUrl = fromString<string | undefined>(
  "SmtpUrl",
  (s) => {
    if (s.trim() === "") return undefined as string | undefined;
    try {
      const url = new URL(s);
      return ["smtp:", "smtps:"].includes(url.protocol) && url.hostname !== "" ? s : undefined;
    } catch {
      return undefined;
    }
  },
  "an smtp:// or smtps:// URL",
);
const redisUrl = fromString<string | undefined>(
  "RedisUrl",
  (s) => {
    if (s.trim() === "") return undefined as string | undefined;
    try {
      const url = new URL(s);
      return ["redis:", "rediss:"].includes(url.protocol) && url.hostname !== "" ? s : undefined;
    } catch {
      return undefined;
    }
  },
  "a redis://host:6379 or rediss:// URL",
);
const isCidr = (entry: string): boolean => {
  const [address = "", bits, extra] = entry.split("/");
  const family = isIP(address);
  const max = family === 4 ? 32 : 128;
  return family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max));
};
const ipList = fromString<readonly string[]>(
  "IpList",
  (s) => {
    const entries = s
      .split(",")
      .map((e) => e.trim())
      .filter((e) => e !== "");
    return entries.every(isCidr) ? entries : undefined;
  },
  "a comma-separated list of IP addresses and CIDR ranges",
);
/** A comma-separated list of lower-cased entries, each of which `valid` accepts. */
const lowerCaseList = (name: string, valid: (entry: string) => boolean, expected: string) =>
  fromString<readonly string[]>(
    name,
    (s) => {
      const entries = s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e !== "");
      return entries.every(valid) ? entries : undefined;
    },
    expected,
  );
const authservIds = lowerCaseList(
  "AuthservIds",
  (id) => /^[a-z0-9][a-z0-9.-]*$/.test(id),
  "a comma-separated list of authserv-ids (host names such as mx.example.com)",
);
const jwkSet = fromString<JwkSet | undefined>(
  "JwkSet",
  (s) => {
    if (s.trim() === "") return undefined as JwkSet | undefined;
    try {
      const set = JSON.parse(s) as { keys?: unknown };
      return Array.isArray(set.keys) &&
        set.keys.length > 0 &&
        set.keys.every((k) => typeof k === "object" && k !== null)
        ? (set as JwkSet)
        : undefined;
    } catch {
      return undefined;
    }
  },
  'a JWK set as JSON: {"keys": [...]} with the signing (private) key first',
);
const origins = fromString<readonly string[]>(
  "Origins",
  (s) => {
    const list = s
      .split(",")
      .map((o) => o.trim())
      .filter((o) => o !== "");
    const isOrigin = (o: string): boolean => {
      try {
        const url = new URL(o);
        return ["http:", "https:"].includes(url.protocol) && url.origin === o;
      } catch {
        return false;
      }
    };
    return list.every(isOrigin) ? list : undefined;
  },
  "a comma-separated list of origins such as https://app.example.com (no path, no trailing slash)",
);
const logLevel = fromString<string>(
  "LogLevel",
  (s) => (["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(s) ? s : undefined),
  "one of fatal, error, warn, info, debug, trace, silent",
);

const uuidList = lowerCaseList(
  "UuidList",
  (id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id),
  "a comma-separated list of client ids (UUIDs)",
);

// Read once: the packages installed do not change while the process runs.
const installedLanguages = installedOcrLanguages();
const languageList = fromString<readonly string[]>(
  "LanguageList",
  (s) => {
    const codes = s
      .split(/[,+]/)
      .map((e) => e.trim())
      .filter((e) => e !== "");
    return codes.length > 0 && codes.every((c) => installedLanguages.includes(c)) ? codes : undefined;
  },
  `tesseract language codes such as eng or eng,deu, of those installed (${installedLanguages.join(", ")}); another needs its @tesseract.js-data package`,
);
const httpUrl = fromString<string | undefined>(
  "HttpUrl",
  (s) => {
    if (s.trim() === "") return undefined as string | undefined;
    try {
      return ["http:", "https:"].includes(new URL(s).protocol) ? s.trim() : undefined;
    } catch {
      return undefined;
    }
  },
  "an http:// or https:// URL",
);

/** Every configuration variable, its default and meaning: the README's table is made from this list. */
export const VARIABLES = {
  port: { name: "APAR_PORT", codec: port, fallback: "8080", meaning: "HTTP port" },
  host: { name: "APAR_HOST", codec: nonEmpty, fallback: "0.0.0.0", meaning: "address the HTTP server binds to" },
  workerPort: {
    name: "APAR_WORKER_PORT",
    codec: port,
    fallback: undefined,
    meaning:
      "HTTP port of a process without the api role (worker, scheduler, smtp): `/healthz`, `/readyz` and `/metrics` only (unset: none; the image sets 8080)",
  },
  dataDir: {
    name: "APAR_DATA_DIR",
    codec: nonEmpty,
    fallback: "./data",
    meaning: "SQLite file, documents, outbox `.eml` files, generated keys",
  },
  documentsDir: {
    name: "APAR_DOCUMENTS_DIR",
    codec: optional,
    fallback: undefined,
    meaning: "where uploaded documents are kept (default `<data>/documents`; a shared volume for several instances)",
  },
  documentsS3Bucket: {
    name: "APAR_DOCUMENTS_S3_BUCKET",
    codec: optional,
    fallback: undefined,
    meaning:
      "keep documents in this bucket of an S3-compatible store instead of the folder (credentials: `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`, or the AWS SDK's other sources)",
  },
  documentsS3Endpoint: {
    name: "APAR_DOCUMENTS_S3_ENDPOINT",
    codec: httpUrl,
    fallback: undefined,
    meaning: "the store's endpoint when not AWS (`http://minio:9000`, R2's account URL); path-style requests then",
  },
  documentsS3Region: {
    name: "APAR_DOCUMENTS_S3_REGION",
    codec: nonEmpty,
    fallback: "us-east-1",
    meaning: "the bucket's region (`auto` for R2)",
  },
  documentsS3Prefix: {
    name: "APAR_DOCUMENTS_S3_PREFIX",
    codec: optional,
    fallback: undefined,
    meaning: "a key prefix for apar's documents in the bucket (`apar/`)",
  },
  databaseUrl: {
    name: "DATABASE_URL",
    codec: mysqlUrl,
    fallback: undefined,
    meaning:
      "`mysql://user:pass@host:3306/db` for MySQL/MariaDB (default: SQLite `<data>/apar.sqlite`); a cluster's servers as `host1:3306,host2:3306,host3:3306`, each new connection to the first that answers",
  },
  roles: {
    name: "APAR_ROLES",
    codec: roles,
    fallback: "api,worker,scheduler,smtp",
    meaning: "which parts this process runs",
  },
  processes: {
    name: "APAR_PROCESSES",
    codec: countUpTo(256),
    fallback: undefined,
    meaning:
      "processes sharing the ports, each running the roles (1 to 256; default: one per core with the api role when rate limits are shared through `REDIS_URL` or off, else 1)",
  },
  headerPrefix: {
    name: "APAR_HEADER_PREFIX",
    codec: brandWord,
    fallback: "service",
    meaning: "the brand word in header names (`x-service-api-key`, `Service-Signature`)",
  },
  smtpPort: { name: "APAR_SMTP_PORT", codec: port, fallback: "2525", meaning: "inbound SMTP port" },
  smtpUrl: {
    name: "SMTP_URL",
    codec: smtpUrl,
    fallback: undefined,
    meaning: "outbound mail server (default: `.eml` files under `<data>/outbox`)",
  },
  mailFrom: {
    name: "APAR_MAIL_FROM",
    codec: nonEmpty,
    fallback: "apar <no-reply@apar.localhost>",
    meaning: "sender of outbound mail",
  },
  publicUrl: {
    name: "APAR_PUBLIC_URL",
    codec: optional,
    fallback: undefined,
    meaning:
      "base URL of links in mail (public approval links, sign-in links) and of the OpenID Connect redirect (default `http://localhost:<APAR_PORT>`)",
  },
  secretKey: {
    name: "APAR_SECRET_KEY",
    codec: optional,
    fallback: undefined,
    meaning: "encrypts stored secrets (default: generated into `<data>/secret.key` on first start)",
  },
  rateLimits: {
    name: "APAR_RATE_LIMITS",
    codec: onOff,
    fallback: "on",
    meaning: "`off` only for benchmarks and test suites that are not about limits",
  },
  keyCache: {
    name: "APAR_KEY_CACHE",
    codec: autoOnOff,
    fallback: "auto",
    meaning:
      "keep verified API keys in memory for up to 30 s (`auto`: with SQLite, and with MySQL/MariaDB when `REDIS_URL` is set)",
  },
  redisUrl: {
    name: "REDIS_URL",
    codec: redisUrl,
    fallback: undefined,
    meaning: "shared rate-limit store, needed when several instances run (default: each process counts in memory)",
  },
  trustedProxies: {
    name: "APAR_TRUSTED_PROXIES",
    codec: ipList,
    fallback: "",
    meaning: "proxies (IPs, CIDRs) whose `X-Forwarded-For` names the client for rate limits",
  },
  jwtKeys: {
    name: "APAR_JWT_KEYS",
    codec: jwkSet,
    fallback: undefined,
    meaning:
      "bearer-token signing keys as a JWK set (Ed25519 or P-256; the first private key signs, every key verifies by `kid`; default: generated into `<data>/jwt-keys.json`)",
  },
  corsOrigins: {
    name: "APAR_CORS_ORIGINS",
    codec: origins,
    fallback: "",
    meaning: "browser origins allowed to call the API, comma-separated (default: none)",
  },
  mcpAllowedOrigins: {
    name: "APAR_MCP_ALLOWED_ORIGINS",
    codec: origins,
    fallback: "",
    meaning:
      "browser origins allowed to call the MCP endpoint, comma-separated (default: none; clients that send no Origin always may)",
  },
  maxBodyBytes: {
    name: "APAR_MAX_BODY_BYTES",
    codec: positiveInt,
    fallback: "1048576",
    meaning: "largest JSON request body, counted after decompression",
  },
  maxUploadBytes: {
    name: "APAR_MAX_UPLOAD_BYTES",
    codec: positiveInt,
    fallback: "26214400",
    meaning: "largest uploaded document",
  },
  logLevel: {
    name: "APAR_LOG_LEVEL",
    codec: logLevel,
    fallback: "info",
    meaning: "pino log level (JSON lines on stdout, written 4 KiB at a time or every half second, and on exit)",
  },
  workerConcurrency: {
    name: "APAR_WORKER_CONCURRENCY",
    codec: countUpTo(256),
    fallback: "2",
    meaning: "jobs one worker process runs at once (1 to 256)",
  },
  jobVisibilityMs: {
    name: "APAR_JOB_VISIBILITY_MS",
    codec: positiveInt,
    fallback: "60000",
    meaning: "how long a claimed job stays hidden from other workers; a crashed worker's job runs again after it",
  },
  readTimeoutMs: {
    name: "APAR_READ_TIMEOUT_MS",
    codec: positiveInt,
    fallback: "120000",
    meaning: "a bill document whose reading takes longer fails with reason `timeout` (ExtractionFailed)",
  },
  readProcesses: {
    name: "APAR_READ_PROCESSES",
    codec: countUpTo(64),
    fallback: "2",
    meaning: "child processes that read bill documents (XML, PDF, OCR), each one document at a time (1 to 64)",
  },
  readMemoryMb: {
    name: "APAR_READ_MEMORY_MB",
    codec: positiveInt,
    fallback: "512",
    meaning: "heap limit of each reading process in MiB; a document that needs more fails with reason `too-large`",
  },
  readMaxGrowthMb: {
    name: "APAR_READ_MAX_GROWTH_MB",
    codec: positiveInt,
    fallback: "768",
    meaning:
      "resident memory one reading may add to its process in MiB (watched on Linux); above it the reading fails with reason `too-large`",
  },
  llmClients: {
    name: "APAR_LLM_CLIENTS",
    codec: uuidList,
    fallback: "",
    meaning: "client ids whose bills are read by LLM vision instead of OCR (the operator's choice; comma-separated)",
  },
  ocrLanguages: {
    name: "APAR_OCR_LANGUAGES",
    codec: languageList,
    fallback: "eng",
    meaning: `OCR languages for scanned bills, comma-separated tesseract codes (\`${installedLanguages.join(",")}\` are installed); with several, each document is read in the first, then again in the one its text is in when that is another of them (the first following it); a reading whose text tells no language (English OCR reads Japanese, Korean, Chinese, Hebrew, Ukrainian, Greek or Thai as noise) is read again in each configured one of those scripts (\`jpn,kor,chi_sim,chi_tra,heb,ukr,ell,tha\`) and kept when it reads that script`,
  },
  ocrSecondEye: {
    name: "APAR_OCR_SECOND_EYE",
    codec: secondEyeName,
    fallback: "paddle",
    meaning:
      "`paddle`: a photo or image file (PNG, JPEG, TIFF, WebP) whose OCR (tesseract) is unsure is read again by PaddleOCR's models (ONNX Runtime, in the reading process) and the better reading kept, field by field (about 2-3 CPU seconds and 0.4-0.5 GB more resident memory per reading process); `off`: tesseract alone",
  },
  llmBaseUrl: {
    name: "APAR_LLM_BASE_URL",
    codec: httpUrl,
    fallback: undefined,
    meaning: "OpenAI-compatible endpoint for reading bills by LLM vision (`https://api.example.com/v1`)",
  },
  llmModel: {
    name: "APAR_LLM_MODEL",
    codec: optional,
    fallback: undefined,
    meaning: "the vision model of that endpoint",
  },
  llmApiKey: {
    name: "APAR_LLM_API_KEY",
    codec: optional,
    fallback: undefined,
    meaning: "the endpoint's API key (never logged)",
  },
  llmBelow: {
    name: "APAR_LLM_UNSURE_BELOW",
    codec: fraction,
    fallback: undefined,
    meaning:
      "with an LLM endpoint set, bills read by text layer or OCR ask it only for the key fields (supplier, number, dates, currency, total) whose confidence is below this (`0.9`); unset: never",
  },
  paymentGateway: {
    name: "APAR_PAYMENT_GATEWAY",
    codec: gatewayName,
    fallback: "manual",
    meaning:
      "`stripe`: invoices are paid through Stripe Connect (each organisation onboards its own account); `manual`: the public page shows bank-transfer instructions and a SEPA QR code",
  },
  stripeSecretKey: {
    name: "APAR_STRIPE_SECRET_KEY",
    codec: optional,
    fallback: undefined,
    meaning:
      "the platform's Stripe secret key (`sk_live_...`; never logged); required with `APAR_PAYMENT_GATEWAY=stripe`",
  },
  stripeWebhookSecret: {
    name: "APAR_STRIPE_WEBHOOK_SECRET",
    codec: optional,
    fallback: undefined,
    meaning:
      "the signing secret of the Stripe endpoint that sends Connect events to `POST /webhooks/stripe` (`whsec_...`); required with `stripe`",
  },
  stripeApiUrl: {
    name: "APAR_STRIPE_API_URL",
    codec: httpUrl,
    fallback: undefined,
    meaning: "another Stripe API base (a local server speaking Stripe's wire format, for tests); unset: Stripe's own",
  },
  agentBaseUrl: {
    name: "APAR_AGENT_BASE_URL",
    codec: httpUrl,
    fallback: undefined,
    meaning:
      "OpenAI-compatible chat endpoint (tool calling and streaming) for the AP and AR agents; unset: `APAR_LLM_BASE_URL`",
  },
  agentModel: {
    name: "APAR_AGENT_MODEL",
    codec: optional,
    fallback: undefined,
    meaning:
      "the agents' chat model; unset: `APAR_LLM_MODEL` (without either the agent routes answer 503 `Agent.NotConfigured`)",
  },
  agentApiKey: {
    name: "APAR_AGENT_API_KEY",
    codec: optional,
    fallback: undefined,
    meaning: "the agents' endpoint key (never logged); unset: `APAR_LLM_API_KEY`",
  },
  agentMaxToolCalls: {
    name: "APAR_AGENT_MAX_TOOL_CALLS",
    codec: positiveInt,
    fallback: "8",
    meaning: "tool calls one agent turn may make before it stops with what it has",
  },
  agentMaxTokens: {
    name: "APAR_AGENT_MAX_TOKENS",
    codec: positiveInt,
    fallback: "4096",
    meaning: "completion tokens one agent turn may spend",
  },
  agentTurnSeconds: {
    name: "APAR_AGENT_TURN_SECONDS",
    codec: positiveInt,
    fallback: "120",
    meaning: "seconds one agent turn may take",
  },
  webhooksAllowInsecure: {
    name: "APAR_WEBHOOKS_ALLOW_INSECURE",
    codec: onOff,
    fallback: "off",
    meaning: "`on` allows `http://` and loopback webhook receivers: local development and tests only",
  },
  webhooksPrivateCidrs: {
    name: "APAR_WEBHOOKS_PRIVATE_CIDRS",
    codec: ipList,
    fallback: "",
    meaning: "private ranges (CIDRs, comma-separated) an operator allows as webhook receivers inside their network",
  },
  webhooksLeaseMs: {
    name: "APAR_WEBHOOKS_LEASE_MS",
    codec: positiveInt,
    fallback: "15000",
    meaning: "how long a webhook attempt holds its claim; a crashed worker's attempts are made again after it",
  },
  webhooksLoops: {
    name: "APAR_WEBHOOKS_LOOPS",
    codec: countUpTo(64),
    fallback: "4",
    meaning:
      "webhook delivery loops of a worker (1 to 64): batches of 64 attempts in flight at once (each waits on its receivers and its commit while the others run)",
  },
  listScanRows: {
    name: "APAR_LIST_SCAN_ROWS",
    codec: positiveInt,
    fallback: "50000",
    meaning:
      "the most of an organisation's records one list request reads; a filter that needs more answers 400 `List.FilterTooBroad` (narrow it by date)",
  },
  inboundDomain: {
    name: "APAR_INBOUND_DOMAIN",
    codec: nonEmpty,
    fallback: "inbound.localhost",
    meaning: "domain of companies' forwarding addresses (`<slug>@<domain>`); its MX points at the smtp role",
  },
  smtpTlsCert: {
    name: "APAR_SMTP_TLS_CERT",
    codec: optional,
    fallback: undefined,
    meaning: "PEM certificate file for inbound SMTP STARTTLS (with `APAR_SMTP_TLS_KEY`; unset: no STARTTLS)",
  },
  smtpTlsKey: {
    name: "APAR_SMTP_TLS_KEY",
    codec: optional,
    fallback: undefined,
    meaning: "PEM private key file of `APAR_SMTP_TLS_CERT`",
  },
  smtpMaxBytes: {
    name: "APAR_SMTP_MAX_BYTES",
    codec: positiveInt,
    fallback: "26214400",
    meaning: "largest inbound message (SMTP answers 552 above it)",
  },
  inboundEmailSecret: {
    name: "APAR_INBOUND_EMAIL_SECRET",
    codec: optional,
    fallback: undefined,
    meaning: "shared secret an email-delivery provider sends to `POST /inbound/email` (unset: the route answers 404)",
  },
  trustedMailGateways: {
    name: "APAR_TRUSTED_MAIL_GATEWAYS",
    codec: ipList,
    fallback: "",
    meaning:
      "mail gateways (IPs, CIDRs) whose `Authentication-Results` replace apar's own DKIM/SPF/DMARC checks: the SMTP client, or the HTTP client posting to `POST /inbound/email`",
  },
  trustedAuthservIds: {
    name: "APAR_TRUSTED_AUTHSERV_IDS",
    codec: authservIds,
    fallback: "",
    meaning: "the authserv-ids those gateways write (`mx.example.com`); results under any other id are ignored",
  },
  firstOrganisationName: {
    name: "APAR_FIRST_ORGANISATION_NAME",
    codec: nonEmpty,
    fallback: "Default organisation",
    meaning:
      "the name the first start gives the organisation it creates (later: `PATCH /v1/organisations/{id}` or `apar org rename`)",
  },
  oidcIssuer: {
    name: "APAR_OIDC_ISSUER",
    codec: oidcIssuer,
    fallback: undefined,
    meaning:
      "OpenID Connect provider for signing in to the portal: its issuer URL (`https://id.example.com/realms/apar`; https, or http on loopback for tests); unset: no single sign-on",
  },
  oidcClientId: {
    name: "APAR_OIDC_CLIENT_ID",
    codec: optional,
    fallback: undefined,
    meaning: "apar's client id at that provider (set with `APAR_OIDC_ISSUER`)",
  },
  oidcClientSecret: {
    name: "APAR_OIDC_CLIENT_SECRET",
    codec: optional,
    fallback: undefined,
    meaning: "apar's client secret at that provider (never logged); unset: a public client, PKCE alone",
  },
  oidcName: {
    name: "APAR_OIDC_NAME",
    codec: nonEmpty,
    fallback: "single sign-on",
    meaning: 'what the sign-in page calls the provider ("Sign in with ...")',
  },
} satisfies { [K in Exclude<keyof Config, never>]: Variable<unknown> };

/** Decodes the environment into a Config, or answers one line per bad variable. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): E.Either<readonly string[], Config> => {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const raw = env[variable.name] ?? variable.fallback;
    if (raw === undefined) {
      values[key] = undefined;
      continue;
    }
    const result = variable.codec.decode(raw);
    if (E.isLeft(result)) {
      const expected = result.left[0]?.message ?? "a valid value";
      problems.push(`${variable.name}: ${JSON.stringify(raw)} is not valid; expected ${expected}`);
    } else values[key] = result.right;
  }
  const gateways = values.trustedMailGateways as readonly string[] | undefined;
  const ids = values.trustedAuthservIds as readonly string[] | undefined;
  if ((gateways?.length ?? 0) > 0 !== (ids?.length ?? 0) > 0)
    problems.push(
      "APAR_TRUSTED_MAIL_GATEWAYS and APAR_TRUSTED_AUTHSERV_IDS go together: set both (the gateways, and the authserv-id they write) or neither",
    );
  if (
    values.paymentGateway === "stripe" &&
    (values.stripeSecretKey === undefined || values.stripeWebhookSecret === undefined)
  )
    problems.push(
      "APAR_PAYMENT_GATEWAY=stripe needs APAR_STRIPE_SECRET_KEY and APAR_STRIPE_WEBHOOK_SECRET (the platform key, and the signing secret of its Connect events endpoint)",
    );
  if ((values.oidcIssuer === undefined) !== (values.oidcClientId === undefined))
    problems.push(
      "APAR_OIDC_ISSUER and APAR_OIDC_CLIENT_ID go together: set both (the provider, and apar's client id there) or neither",
    );
  if (problems.length > 0) return E.left(problems);
  const dataDir = values.dataDir as string;
  return E.right({
    ...(values as unknown as Config),
    documentsDir: (values.documentsDir as string | undefined) ?? `${dataDir.replace(/\/+$/, "")}/documents`,
  });
};

/**
 * Whether this process keeps verified API keys (`APAR_KEY_CACHE`): `auto` keeps them with SQLite (the processes
 * of one host hear of changes through the stamp file) and with MySQL/MariaDB only when `REDIS_URL` is set (other
 * instances hear of changes there).
 */
export const keyCacheOn = (config: Pick<Config, "keyCache" | "databaseUrl" | "redisUrl">): boolean =>
  config.keyCache === "on" ||
  (config.keyCache === "auto" && (config.databaseUrl === undefined || config.redisUrl !== undefined));

/** Where public pages live (`<publicBaseUrl>/i/<token>`, `/a/<token>`): APAR_PUBLIC_URL, or this host's own port on localhost. */
export const publicBaseUrl = (config: Pick<Config, "publicUrl" | "port">): string =>
  (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, "");

/**
 * How a client's documents are read: by LLM vision for the clients APAR_LLM_CLIENTS names, else the text layer and
 * OCR (e-invoice XML always wins). The one place this choice is made: reading a bill, a forwarded bill, and
 * what routes are told.
 */
export const readMethodFor = (config: Pick<Config, "llmClients">): ((clientId: string) => "ocr" | "llm") => {
  const llm = new Set(config.llmClients);
  return (clientId) => (llm.has(clientId) ? "llm" : "ocr");
};
