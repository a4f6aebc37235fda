/**
 * Polls `check` every 20 ms until it holds; throws naming `what` after `timeoutMs`. The default is
 * a ceiling for a machine busy with other work, not a timing goal: a check that holds returns at once.
 */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
