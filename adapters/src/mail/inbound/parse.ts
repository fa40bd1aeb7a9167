import type { InboundAttachment } from "@apar/core/app";
import { simpleParser } from "mailparser";

/** What the pipeline needs of a message: the author, the subject and the attachments (bytes in memory only). */
export interface ParsedMessage {
  /** The From header's first address, lower-case; undefined when there is none. */
  readonly fromAddress: string | undefined;
  readonly subject: string | null;
  readonly attachments: readonly InboundAttachment[];
}

/** Parses raw MIME with mailparser. Attachments stay in memory: nothing is written anywhere here. */
export const parseMessage = async (raw: Buffer): Promise<ParsedMessage> => {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const from = mail.from?.value.find((a) => typeof a.address === "string" && a.address.includes("@"));
  return {
    fromAddress: from?.address?.trim().toLowerCase(),
    subject: mail.subject ?? null,
    attachments: mail.attachments
      // Inline parts without a name (logos in signatures) are part of the text, not documents sent.
      .filter((a) => a.contentDisposition === "attachment" || a.filename !== undefined)
      .map((a) => ({
        name: a.filename ?? "",
        contentType: a.contentType,
        bytes: new Uint8Array(a.content.buffer, a.content.byteOffset, a.content.byteLength),
      })),
  };
};
