type Answers = Record<string, unknown>;

let source: () => Answers | undefined = () => undefined;

/**
 * Where `pageData` finds the answers of the page being drawn: the server's render of a public
 * page (entry-server.tsx) sets it, for that render only. In the browser there is none: the
 * queries those answers filled come in the page's query state instead (main.tsx).
 */
export function setPageDataSource(answers: () => Answers | undefined): void {
  source = answers;
}

/**
 * The anonymous API answer for `path` (e.g. '/news/1') that the server read for the page it is
 * drawing, so its queries start with their data and the page is drawn in full; undefined when
 * the page did not read it, and always in the browser (where a query without data asks).
 */
export function pageData<T>(path: string): T | undefined {
  return source()?.[path] as T | undefined;
}

/** The JSON of the page's `<script type="application/json" id={id}>`, or undefined. */
export function pageJson<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
