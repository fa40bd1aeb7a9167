import type { AllowedSender, Company, ForwardingRejection } from "@apar/core";

/** A company with its forwarding address, as the Companies page shows it. */
export interface PortalCompany extends Pick<Company, "id" | "name"> {
  readonly forwardingAddress: string;
}

/** One company's page: its allowlist and the forwards it refused, newest first. */
export interface PortalCompanyDetail {
  readonly company: PortalCompany;
  readonly senders: readonly AllowedSender[];
  readonly rejections: readonly ForwardingRejection[];
}
