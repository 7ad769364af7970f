/**
 * Hydration on use (ADR 0011, 0029): parts of a server-rendered page whose code is fetched
 * when the page is idle and which hydrate on first use, a press before then being held and
 * replayed. The whole machinery is this folder; pages use only what is exported here.
 * - hydrate-on-use.tsx: `onUse` (declare a part), `HydrateOnUse` (render it), `whenPageIdle`,
 *   `waitedOn`, `afterWantedCode`, `useServerHtml`, `pressedAt`;
 * - part-code.ts: the code a part's first use opens, fetched with it;
 * - suggest-ahead.ts: a search box's suggestions asked for before the box has code;
 * - router-internals.ts: the only use of React Router's UNSAFE_ exports, with its own test.
 */
export {
  afterWantedCode,
  HydrateOnUse,
  type OnUse,
  onUse,
  pressedAt,
  useServerHtml,
  waitedOn,
  whenPageIdle,
} from './hydrate-on-use';
export * from './part-code';
export { useDataRouter } from './router-internals';
export { SEARCH_DEBOUNCE_MS, takeSuggestionAhead, useSuggestQuery } from './suggest-ahead';
