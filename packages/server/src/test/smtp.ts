import { createServer, type Socket } from 'node:net';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
  /** The files it carries: inline images (with `cid`) and attachments (a PDF). */
  attachments: { filename: string; contentType: string; cid: string | null; content: Buffer }[];
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to `to` and takes it off the list. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Refuses the next `count` messages with a temporary error (451) at DATA, then accepts again. */
  failNext(count: number): void;
  /**
   * Goes silent after the DATA of the next `count` messages: their body is read and never
   * answered, as a stuck server does. The ones after are accepted as usual.
   */
  holdNext(count: number): void;
  /** How many messages are held so far. */
  readonly held: number;
  /** How many messages were refused so far. */
  readonly refused: number;
  /** Stops listening (connections are refused), like a mail server that is down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? ''));
}

/** A real SMTP server on 127.0.0.1 and a random port: plain SMTP, no STARTTLS, no auth. */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let toRefuse = 0;
  let refused = 0;
  let toHold = 0;
  let held = 0;
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      // Held connections are cut a second after close, not after smtp-server's 30 s.
      closeTimeout: 1_000,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        if (toHold > 0) {
          toHold -= 1;
          stream.on('end', () => {
            held += 1;
          });
          stream.resume();
          return;
        }
        if (toRefuse > 0) {
          toRefuse -= 1;
          refused += 1;
          stream.on('end', () =>
            callback(Object.assign(new Error('Inténtalo más tarde'), { responseCode: 451 })),
          );
          stream.resume();
          return;
        }
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            messages.push({
              to: addresses(mail.to),
              from: mail.from?.text ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? '',
                contentType: a.contentType,
                cid: a.cid ?? null,
                content: a.content,
              })),
            });
            callback();
          })
          .catch(callback);
      },
    });
  let server = newServer();
  let running = true;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!running) return resolve();
      running = false;
      server.close(() => resolve());
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = messages.findIndex((m) => m.to.includes(to.toLowerCase()));
        // Taken off the list, so the next wait for the same address gets the next message.
        if (index >= 0) return messages.splice(index, 1)[0]!;
        if (Date.now() > deadline) throw new Error(`No llegó ningún correo para ${to}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    failNext(count) {
      toRefuse = count;
    },
    holdNext(count) {
      toHold = count;
    },
    get held() {
      return held;
    },
    get refused() {
      return refused;
    },
    stop,
    async start() {
      if (running) return;
      server = newServer();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      running = true;
    },
    close: stop,
  };
}

export interface HangingSmtpServer {
  url: string;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Cuts every connection (the client's send fails at once) and stops listening. */
  close(): Promise<void>;
}

/**
 * A mail server that accepts connections and never says a word: a client waits for its
 * greeting until its own time-out (nodemailer's is 10 s here).
 */
export async function startHangingSmtpServer(): Promise<HangingSmtpServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first link in `text` that matches `pattern`. */
export function linkIn(text: string, pattern: RegExp): string {
  const match = text.match(pattern);
  if (!match) throw new Error(`No hay enlace que cumpla ${pattern} en: ${text}`);
  return match[0];
}
