import { randomBytes } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries, logged in outbox mode so an admin can pass it on. */
  link?: string;
  /** Extra headers (a digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * Images shown inline (`<img src="cid:…">`): a digest's album covers (decision 138); and files
   * attached as such, without a content id (a signed autorización's PDF).
   */
  attachments?: InlineImage[];
}

/**
 * A file carried in the message itself: an image shown inline, named by its content id, or,
 * without one, a file the reader opens or saves (a PDF). Only an image with `shows` is checked
 * against the face rule again as it goes out; a file attached as such carries no photo.
 */
export interface InlineImage {
  cid?: string;
  filename: string;
  contentType: string;
  content: Buffer;
  /**
   * What the image shows and for whom it was rendered (a digest's cover, decision 138): kept in
   * the queue, never sent, so the image can be made again if the faces it may show changed
   * before it went out (decision 138).
   */
  shows?: { album: number; recipient: number; blurred: string; source: string };
}

export interface Mailer {
  /** True when messages go to DATA_DIR/outbox instead of an SMTP server. */
  readonly outbox: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real mail through SMTP_URL, or files in `outboxDir` when it is unset. */
export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(withTimeouts(opts.smtpUrl));
    return {
      outbox: false,
      async send(message) {
        await transport.sendMail({ from: opts.from, ...pick(message) });
      },
      close: () => transport.close(),
    };
  }
  // Builds the raw message without sending it, so the outbox holds real .eml files.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let folderClosed = false;
  return {
    outbox: true,
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...pick(message) });
      // The messages carry live invitation and reset links: readable by the server's user only.
      await mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      if (!folderClosed) {
        // A folder made by an older version (or by hand) is closed too.
        await chmod(opts.outboxDir, 0o700);
        folderClosed = true;
      }
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      const file = join(opts.outboxDir, `${name}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      opts.log.info(
        { to: message.to, file, link: message.link },
        `Correo guardado en el outbox para ${message.to}${message.link ? `: ${message.link}` : ''}`,
      );
    },
    close: () => transport.close(),
  };
}

/**
 * Tight time-outs (nodemailer's defaults are 30 s for the greeting and 10 minutes of silence): a
 * mail server that does not connect, does not greet or goes silent mid-message fails the send
 * within seconds, and the queue tries it again later.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 };

/**
 * SMTP_URL with the time-outs added as its query parameters. nodemailer reads a transport's
 * options from the URL alone when one is given, and drops every other option passed beside it;
 * from the query they apply. A value already in SMTP_URL is the operator's, and stays.
 */
export function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

function pick({ to, subject, text, html, headers, attachments }: MailMessage) {
  return {
    to,
    subject,
    text,
    html,
    ...(headers ? { headers } : {}),
    ...(attachments?.length
      ? {
          attachments: attachments.map(({ cid, filename, contentType, content }) => ({
            ...(cid === undefined ? {} : { cid }),
            filename,
            contentType,
            content,
          })),
        }
      : {}),
  };
}
