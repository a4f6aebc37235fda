import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** A resolver that can also start loading what it needs before its first check. */
export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

/**
 * A react-hook-form resolver whose zod schema, and zod itself (~86 KB, the largest part of a
 * form page's code), load when the user first focuses the form or submits it, not with the page:
 * a public page like /login then draws and settles without them (decision 029). The schema is
 * the shared one, so the checks and their Spanish messages are the server's.
 */
export function lazyZodResolver<T extends FieldValues>(
  load: () => Promise<ZodType<T, T>>,
): LazyResolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const loaded = () => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
      (error: unknown) => {
        // A download that failed (the connection dropped) is tried again on the next check.
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  const resolver: Resolver<T> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      void loaded();
    },
  });
}
