import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback keeping every message it receives, parsed. */
export interface SmtpSink {
  readonly port: number;
  readonly received: ParsedMail[];
  /** Resolves with the first message to `to` (waits for it to arrive). */
  waitFor(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const startSmtpSink = async (): Promise<SmtpSink> => {
  const received: ParsedMail[] = [];
  const waiting: { to: string; resolve: (m: ParsedMail) => void }[] = [];
  const addressed = (m: ParsedMail, to: string) =>
    (Array.isArray(m.to) ? m.to : m.to === undefined ? [] : [m.to]).some((a) => a.value.some((v) => v.address === to));
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          for (const w of waiting.filter((x) => addressed(mail, x.to))) w.resolve(mail);
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    waitFor: (to) => {
      const already = received.find((m) => addressed(m, to));
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ to, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
