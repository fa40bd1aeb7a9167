import type { StoreName } from "../../ports/stores.js";
import type { SecretSealer, WebhookSender, WebhookUrlCheck } from "../../ports/webhook-delivery.js";
import type { CoreDeps } from "../deps.js";

/**
 * What the webhook use cases need (a `Database` is a fitting `db`). `randomBytes` makes signing secrets,
 * `sealer` encrypts them for storage, `checkUrl` is the URL policy applied when a subscription is saved.
 */
export interface WebhookDeps<K extends StoreName = StoreName> extends CoreDeps<K> {
  readonly randomBytes: (size: number) => Uint8Array;
  readonly sealer: SecretSealer;
  readonly checkUrl: WebhookUrlCheck;
}

/** What delivering needs beyond the use cases: the sender, the header brand word and this worker's name. */
export interface DeliveryDeps<K extends StoreName = StoreName> extends CoreDeps<K> {
  readonly sealer: SecretSealer;
  readonly sender: WebhookSender;
  /** `APAR_HEADER_PREFIX` (`service` -> `Service-Signature`). */
  readonly headerPrefix: string;
}
