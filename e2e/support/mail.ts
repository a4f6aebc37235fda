import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E } from './env.js';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Inline images and files, their bytes in base64 (a digest's album covers). */
  attachments?: { contentType: string; cid?: string; content: string }[];
}

/** All mail the SMTP receiver has captured, oldest first. */
export function allMail(): CapturedMail[] {
  if (!existsSync(E2E.mailDir)) return [];
  return readdirSync(E2E.mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(E2E.mailDir, f), 'utf8')) as CapturedMail);
}

/** Waits for the newest mail to `to` whose text matches `pattern`, and returns the first match. */
export async function waitForMailLink(
  to: string,
  pattern: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = allMail()
      .filter((m) => m.to.includes(to.toLowerCase()))
      .reverse();
    for (const m of mails) {
      const match = m.text.match(pattern);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`No llegó ningún correo a ${to} con ${pattern}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The path and query of an absolute link, so the test can open it on its own base URL. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
