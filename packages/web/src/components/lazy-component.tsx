import { type Attributes, type ComponentType, lazy, Suspense } from 'react';

/**
 * `module[name]`, loaded from its own chunk the first time it renders (nothing shows meanwhile):
 * for what only some visitors get, like the managers' forms and dialogs, so the others never
 * download them, nor the form and validation libraries behind them.
 */
export function lazyComponent<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const Lazy = lazy(
    async (): Promise<{ default: ComponentType<P> }> => ({
      default: (await load())[name],
    }),
  );
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & Attributes)} />
      </Suspense>
    );
  };
}
