/** What a rejection record keeps of a dropped email's sender and attachments (metadata only). */

/** One attachment of a dropped email as inbound mail describes it; its bytes are never kept. */
export interface AttachmentInfo {
  readonly name: string;
  readonly contentType: string;
}

/** Longest summary kept: enough to recognise the documents, bounded whatever the email carried. */
export const ATTACHMENT_SUMMARY_MAX = 2000;
/** Longest subject kept (RFC 5322's line limit). */
export const SUBJECT_MAX = 998;

/** The lower-cased domain of an address (after its last `@`), or undefined when it has none. */
export const senderDomain = (address: string): string | undefined => {
  const at = address.lastIndexOf("@");
  const domain =
    at < 0
      ? ""
      : address
          .slice(at + 1)
          .trim()
          .toLowerCase();
  return domain === "" ? undefined : domain;
};

/** `text` cut to `max` characters, ending in an ellipsis when cut (never splitting a surrogate pair). */
export const truncate = (text: string, max: number): string => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
};

/** `name (type)` per attachment joined with ", ", at most ATTACHMENT_SUMMARY_MAX characters; null when none. */
export const attachmentSummary = (attachments: readonly AttachmentInfo[]): string | null =>
  attachments.length === 0
    ? null
    : truncate(
        attachments.map((a) => `${a.name.trim() || "unnamed"} (${a.contentType.trim() || "unknown"})`).join(", "),
        ATTACHMENT_SUMMARY_MAX,
      );
