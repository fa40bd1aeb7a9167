/** An outbound email. */
export interface MailMessage {
  readonly from: string;
  readonly to: readonly string[];
  /** Where replies go (a Reply-To header), when not to `from`. */
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly {
    readonly filename: string;
    readonly contentType: string;
    readonly content: Uint8Array;
  }[];
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends mail (SMTP, or `.eml` files when no server is configured). */
export interface Mailer {
  /** Answers the message id. */
  send(message: MailMessage): Promise<{ readonly messageId: string }>;
  close(): Promise<void>;
}
