import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to `to` and takes it off the list. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
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
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            messages.push({
              to: addresses(mail.to),
              from: mail.from?.text ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
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

/** The first link in `text` that matches `pattern`. */
export function linkIn(text: string, pattern: RegExp): string {
  const match = text.match(pattern);
  if (!match) throw new Error(`No hay enlace que cumpla ${pattern} en: ${text}`);
  return match[0];
}
