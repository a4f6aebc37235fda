import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { buildTestApp, type TestApp } from './build-app.js';

/*
 * For the tests of the public web (what a shared link shows): a stand-in for the web app's build
 * (its real index.html, nothing else), and a reader of a page's head as a link-preview bot reads
 * it.
 */

/** A test app whose web build is a folder with the web app's index.html and nothing else. */
export async function buildPublicWebApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'fogata-web-dist-'));
  const index = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
  writeFileSync(join(dir, 'index.html'), index);
  const t = await buildTestApp({ webDist: dir, ...overrides });
  return {
    ...t,
    async close() {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** HTML text as it reads: the character references turned back into characters. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** What a page's <head> says: its titles, metas (by name or property), links and JSON-LD. */
export interface PageHead {
  titles: string[];
  /** Every content of each meta, by its name or property. */
  meta: Record<string, string[]>;
  /** Every href of each link, by its rel. */
  links: Record<string, string[]>;
  jsonLd: Record<string, unknown>[];
}

export function readHead(html: string): PageHead {
  const head = html.slice(0, html.indexOf('</head>'));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescapeHtml(m[1]!));
  const meta: Record<string, string[]> = {};
  for (const [tag] of head.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:name|property)="([^"]*)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (key === undefined || content === undefined) continue;
    meta[key] = [...(meta[key] ?? []), unescapeHtml(content)];
  }
  const links: Record<string, string[]> = {};
  for (const [tag] of head.matchAll(/<link [^>]*>/g)) {
    const rel = /rel="([^"]*)"/.exec(tag)?.[1];
    const href = /href="([^"]*)"/.exec(tag)?.[1];
    if (rel === undefined || href === undefined) continue;
    links[rel] = [...(links[rel] ?? []), unescapeHtml(href)];
  }
  const jsonLd = [
    ...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return { titles, meta, links, jsonLd };
}

/** The one value of a meta, or undefined (a test fails on a meta given twice). */
export function one(head: PageHead, key: string): string | undefined {
  const values = head.meta[key];
  if (values && values.length > 1) throw new Error(`${key} aparece ${values.length} veces`);
  return values?.[0];
}
