import { LIMITS } from './limits.js';

/** What the server puts into the web app's static shell (index.html) for one page. */
export interface PageShellFill {
  groupName: string;
  groupAddress: string;
  /** Whether the page is the landing (/): its hero is part of the shell. */
  landing: boolean;
  /** Markup for the end of <head>: the app's config, hints for what the page loads first. */
  head: string;
  /**
   * The page's own title, description and sharing tags, in place of the shell's default title
   * and description; undefined keeps the defaults.
   */
  meta?: string;
}

/**
 * The first page of an item's comments as a page carries it (decision 013), keyed by the path
 * the web app asks for: `itemPath` is the item's API path without /api, e.g. '/news/7'.
 */
export function firstCommentsPath(itemPath: string): string {
  return `${itemPath}/comments?page=1&limit=${LIMITS.commentsPageSize}`;
}

/** Text made safe to place in HTML, in an element or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The number in a group's name ('Grupo Scout 73' → '73'), drawn inside its logo. */
export function groupNumber(groupName: string | undefined): string | undefined {
  return groupName?.match(/\d+/)?.[0];
}

const block = (name: string) => new RegExp(`<!--fogata:${name}-->[\\s\\S]*?<!--/fogata:${name}-->`);

/**
 * index.html's static shell filled in for a page (decision 013): the group's name and address,
 * the number in its logo (or none), the landing's hero only on /, and `head`. Replacements are
 * functions, so no `$` in a name is read as a pattern.
 */
export function fillPageShell(html: string, fill: PageShellFill): string {
  const number = groupNumber(fill.groupName);
  let out = html
    .replace(block('meta'), (m) => fill.meta ?? m)
    .replace(block('landing'), (m) => (fill.landing ? m : ''))
    .replace(block('number'), (m) => (number ? m : ''))
    .replaceAll('{{number}}', () => number ?? '')
    .replaceAll('{{numberSize}}', () => (number && number.length > 2 ? '9' : '11'))
    .replaceAll('{{groupName}}', () => escapeHtml(fill.groupName))
    .replaceAll('{{groupAddress}}', () =>
      fill.groupAddress ? ` · ${escapeHtml(fill.groupAddress)}` : '',
    );
  out = out.replace('<!--fogata:head-->', () => fill.head);
  return out;
}
