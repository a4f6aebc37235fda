import type { Plugin } from 'vite';

/** The class names, ids and element names used in `html`'s markup. */
export function markupTokens(html: string) {
  const classes = new Set<string>();
  const ids = new Set<string>();
  const tags = new Set<string>(['html', 'body', 'head']);
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)/g)) tags.add(m[1]!.toLowerCase());
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) ids.add(m[1]!);
  return { classes, ids, tags };
}

type Tokens = ReturnType<typeof markupTokens>;

/**
 * Whether `selector` may match an element of the markup: every class, id and element name it
 * names is in the markup. Pseudo-classes and attribute conditions are not checked, so this keeps
 * a little more than needed, never less.
 */
function mayMatch(selector: string, tokens: Tokens): boolean {
  const bare = selector
    .replace(/\[[^\]]*\]/g, '')
    .replace(/::?[\w-]+(\((?:[^()]|\([^()]*\))*\))?/g, '')
    .replace(/\\./g, '_');
  for (const m of bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
    if (!tokens.classes.has(m[1]!)) return false;
  }
  for (const m of bare.matchAll(/#(-?[_a-zA-Z][\w-]*)/g)) {
    if (!tokens.ids.has(m[1]!)) return false;
  }
  for (const m of bare.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)) {
    if (!tokens.tags.has(m[1]!.toLowerCase())) return false;
  }
  return true;
}

/** Splits `text` at top-level commas (not inside parentheses or quotes). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The index of the first of `stops` at the top level of `css` from `from` (or css.length). */
function findTopLevel(css: string, from: number, stops: string): number {
  let quote = '';
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && stops.includes(c)) return i;
  }
  return css.length;
}

/** The index just after the `}` that closes the block opened at `open`. */
function blockEnd(css: string, open: number): number {
  let level = 0;
  for (let i = open; i < css.length; i++) {
    const stop = findTopLevel(css, i, '{}');
    if (stop >= css.length) return css.length;
    level += css[stop] === '{' ? 1 : -1;
    i = stop;
    if (level === 0) return stop + 1;
  }
  return css.length;
}

/**
 * The rules of `css` (a built, flat stylesheet) that may apply to `html`'s markup, in their
 * order: enough to draw that markup as the whole sheet would. Conditional groups (@media,
 * @supports, @layer) keep the rules inside that qualify; other at-rules are kept as they are.
 */
export function criticalCss(css: string, html: string, tokens = markupTokens(html)): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const stop = findTopLevel(css, i, '{;}');
    if (stop >= css.length) break;
    const prelude = css.slice(i, stop).trim();
    if (css[stop] === '}') {
      i = stop + 1;
      continue;
    }
    if (css[stop] === ';') {
      if (prelude.startsWith('@')) out += `${prelude};`;
      i = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    const body = css.slice(stop + 1, end - 1);
    if (/^@(media|supports|layer|container)\b/.test(prelude)) {
      const inner = criticalCss(body, html, tokens);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else {
      const selectors = splitTopLevel(prelude).filter((s) => mayMatch(s.trim(), tokens));
      if (selectors.length > 0) out += `${selectors.join(',')}{${body}}`;
    }
    i = end;
  }
  return out;
}

/**
 * The static shell paints without waiting for a stylesheet (decision 013): the rules of the
 * entry's CSS that the shell's markup uses go inline in index.html, and the whole sheet is only
 * preloaded (marked `data-fogata-css`); main.tsx adds it, in the same place, before React draws.
 */
export function inlineShellCss(): Plugin {
  return {
    name: 'fogata-inline-shell-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
        return html.replace(
          /<link rel="stylesheet"([^>]*?) href="\/([^"]+\.css)"([^>]*)>/g,
          (link, before: string, file: string, after: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return link;
            const css = criticalCss(String(asset.source), body);
            return `<style>${css}</style><link rel="preload" as="style"${before} href="/${file}"${after} data-fogata-css>`;
          },
        );
      },
    },
  };
}
