import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A dynamic import that keeps its module once it has arrived (`module`), so a component can
 * be rendered from it without waiting (`lazyKept`). The browser downloads a module once; a
 * failed download is tried afresh on the next call.
 */
export type KeptImport<M> = { (): Promise<M>; module?: M };

export function keptImport<M>(load: () => Promise<M>): KeptImport<M> {
  const get: KeptImport<M> = () => load().then((module) => (get.module = module));
  return get;
}

/**
 * `React.lazy` over a kept import, without React's wait once the module is there (ADR 0066).
 * A lazy component rendered for the first time suspends even when its file has arrived (its
 * import is a promise, settled only in a later microtask), and React then shows a suspended
 * boundary's content no sooner than 300 ms after its fallback: a popup whose code came with
 * the press would open 300 ms late. Once the module is kept, this one hands it to React at
 * once: React reads a thenable that calls back before `then` returns as already settled.
 */
export function lazyKept<P>(load: KeptImport<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => {
    const module = load.module;
    // biome-ignore lint/suspicious/noThenProperty: a thenable already settled is the point (see above)
    return module ? ({ then: (resolve: (value: typeof module) => unknown) => resolve(module) } as never) : load();
  });
}
