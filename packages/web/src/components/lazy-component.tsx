import { type Attributes, type ComponentType, lazy, Suspense } from 'react';

/** What stands in for a part whose code could not be fetched (no signal): nothing. */
function Unavailable() {
  return null;
}

/**
 * `module[name]`, loaded from its own chunk the first time it renders (nothing shows meanwhile):
 * for what only some visitors get, like the managers' forms and dialogs, so the others never
 * download them, nor the form and validation libraries behind them. Such a part is drawn, closed,
 * as soon as its page is: with no signal (a scouter at camp) its chunk cannot come, and a closed
 * dialog must not take the page down with it. It then draws nothing, and the next time it is
 * drawn its chunk is asked for again.
 */
export function lazyComponent<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const loadOnce = () =>
    lazy(async (): Promise<{ default: ComponentType<P> }> => {
      try {
        return { default: (await load())[name] };
      } catch {
        Lazy = loadOnce();
        return { default: Unavailable };
      }
    });
  let Lazy = loadOnce();
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & Attributes)} />
      </Suspense>
    );
  };
}
