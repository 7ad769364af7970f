import {
  type ComponentType,
  lazy,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { getAccount } from '~/lib/auth/account-store';
import { openAuthDialogAhead } from '~/lib/auth/dialog-store';
import { nextTask } from '~/lib/next-task';
import { useFanSignedIn } from '../tracking/use-fan';
import { OPENS, type Opens } from './part-code';
import { bridge, useRouterContexts } from './router-internals';
import { suggestAhead } from './suggest-ahead';

/**
 * Parts of a page that hydrate on first use (docs/decisions/0011-first-load-budget.md): the
 * discovery pages' bodies and the header's search box.
 *
 * The server renders them as usual. In the browser their HTML is kept as it is and their code
 * is fetched only when the visitor is about to use them: a pointer over them, a touch, focus
 * or a key inside. They are then hydrated in place, each as its own React root under the
 * page's router (the same DOM nodes: nothing moves, nothing flashes, text typed meanwhile
 * stays), and a press that came before the code (a link, a button, a form sent, a choice in a
 * select) is held and replayed on the same element once it is there. New data for them
 * (revalidation, a same-route navigation) hydrates them at once: with their own code only, as
 * a transition that yields to the browser every few milliseconds (ADR 0057). A signed-in
 * fan's parts wait for use as everyone's; their Follow and Watch show the fan's state
 * meanwhile (ADR 0068). Mounted by a client navigation, they render like any component (the
 * route's clientLoader has loaded their code with the data).
 *
 * Once the page is idle after its load event, the code of every part on it is fetched,
 * without hydrating anything (ADR 0029). The code a part's first use opens (a popup, the
 * sign-in dialog) is fetched on the first intent: what the control under it opens (its
 * `data-opens`) with the part's own code, in parallel; the rest of the part's list, and the
 * page's idle work, only once those have arrived (ADR 0039). On a slow link the press waits
 * for one round trip that nothing else shares. A press before the code is there is shown at
 * once: the pressed control is marked busy (aria-busy) until its part takes it over.
 */
export type OnUse<P> = {
  name: string;
  /**
   * Fetches the code (once); resolves with the component. `opens`: what the control the
   * visitor is about to use opens, fetched alongside.
   */
  load(opens?: string): Promise<ComponentType<P>>;
  component: ComponentType<P> | undefined;
  /** Fetches the part's own code only (once the page is idle): not what its first use opens. */
  prefetch(): Promise<void>;
  /**
   * The part's own code (once), for a part hydrated before anyone used it (new data): what its
   * first use opens waits for that use, or for the idle prefetch.
   */
  own(): Promise<ComponentType<P>>;
  /**
   * The component while its code may still be loading: on the server (no Suspense boundary, so
   * the shell waits for it, as for any page) and after a client navigation.
   */
  Lazy: ComponentType<P>;
};

const parts = new Map<string, OnUse<never>>();

/**
 * What a visitor waits on (a part's code and its hydration after a press or a pointer on its
 * way, the request a press makes): downloads nobody asked for wait until it is done, so on a
 * slow link they never share its round trip (ADR 0039).
 */
const wanted = new Set<Promise<unknown>>();

/**
 * Marks `work` as waited on by the visitor (see `wanted`) until it settles. Everything marked
 * settles: downloads and requests fail or time out, a part's hydration ends in its replay, its
 * failure or its unmount.
 */
export function waitedOn(work: Promise<unknown>): void {
  const settled = work.catch(() => undefined);
  wanted.add(settled);
  void settled.then(() => wanted.delete(settled));
}
/** Resolves once nothing a visitor waits on is still under way. */
async function nothingWanted(): Promise<void> {
  while (wanted.size) await Promise.all(wanted);
}

/** Runs `work` (a download the visitor did not ask for) once nothing they wait on is under way. */
export function afterWantedCode(work: () => void): void {
  void nothingWanted().then(work);
}

/**
 * `name` marks the part's HTML (data-on-use), so a press is matched to it before React runs.
 * `next` is what its first use may open (a popup, a dialog): on the first intent, what the
 * control under the pointer opens (`data-opens`) is fetched with the part's code; the rest once
 * both have arrived, so it never delays the press. Not when the page is idle (ADR 0029).
 */
export function onUse<P>(
  name: string,
  importer: () => Promise<{ default: ComponentType<P> }>,
  next: readonly Opens[] = [],
): OnUse<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let nextStarted = false;
  const started = new Map<Opens, Promise<unknown>>();
  /** Fetches what `key` opens: undefined if that was already asked for. */
  const open = (key: Opens) => {
    if (started.has(key)) return undefined;
    const fetching = OPENS[key]();
    started.set(key, fetching);
    return fetching;
  };
  /** The part's code, asked for once the sign-in dialog's has come (see `load`). */
  let afterDialog: Promise<ComponentType<P>> | undefined;
  const own = () => {
    loading ??= importer().then(
      (module) => (part.component = module.default),
      (error: unknown) => {
        loading = undefined; // a failed chunk download may succeed next time
        throw error;
      },
    );
    return loading;
  };
  const part: OnUse<P> = {
    name,
    component: undefined,
    load: (opens) => {
      // The control says what it opens: the home page's hero search box opens the search panel.
      const pressed = opens && opens in OPENS ? (opens as Opens) : undefined;
      const first = pressed && open(pressed);
      if (first) waitedOn(first);
      // A signed-out visitor's Follow or Watch opens the sign-in dialog before its part has
      // code (see signInAhead): on a slow link the dialog's files have the link to themselves,
      // and the part's follow while the visitor types.
      const dialog = pressed === 'sign-in' && !loading && signedOut() ? started.get('sign-in') : undefined;
      if (dialog) afterDialog ??= dialog.then(own, own);
      const component = loading ?? afterDialog ?? own();
      if (!nextStarted) {
        nextStarted = true;
        // After the part's code; then after what the visitor waits on (`first` among it). A
        // signed-in fan's Follow and Watch open no sign-in dialog.
        void component.then(
          () =>
            afterWantedCode(() =>
              next.filter((key) => key !== 'sign-in' || signedOut()).map((key) => open(key)?.catch(() => undefined)),
            ),
          () => undefined,
        );
      }
      return component;
    },
    prefetch: () => own().then(() => undefined),
    own,
    Lazy: lazy(() => part.load().then((component) => ({ default: component }))),
  };
  parts.set(name, part as OnUse<never>);
  return part;
}

/** The performance mark set when the page's idle downloads start (the parts' code first). */
export const IDLE_MARK = 'encore:idle';
/** Longest wait for an idle moment after the load event before fetching anyway. */
const IDLE_TIMEOUT_MS = 1_500;
/**
 * The idle work waits a quarter of the time the page took to be idle, at least AFTER_IDLE_MS and
 * at most MAX_AFTER_IDLE_MS: a visitor who taps the moment the page looks ready gets the link to
 * themselves, for longer on a slower link (ADR 0039, 0071).
 */
const AFTER_IDLE_MS = 250;
const MAX_AFTER_IDLE_MS = 3_000;

/**
 * After the load event, at the first idle moment: the code of every part on the page (small:
 * the page bodies, the search box). Only downloads and module evaluation; nothing hydrates.
 * What a press opens (popups, dialogs, with their packages) waits for an intent: evaluating
 * it all while idle made long tasks a phone feels (Lighthouse's blocking time).
 */
/** Work that waits for the page to be idle, run at the same moment as the parts' code fetch. */
const idleWork: Array<() => void> = [];
let pageIdle = false;

/** Runs `work` once the page is idle (at once if it already is): code that is not first-load code. */
export function whenPageIdle(work: () => void): void {
  if (pageIdle) work();
  else idleWork.push(work);
}

function fetchPartsWhenIdle() {
  // Once the page is idle, its downloads wait a moment more, and for what a press at the load
  // event asked for, whose round trip they would share. Marked when they start.
  const start = () => {
    setTimeout(
      () => afterWantedCode(() => void fetchParts()),
      Math.min(Math.max(AFTER_IDLE_MS, performance.now() / 4), MAX_AFTER_IDLE_MS),
    );
  };
  // One piece a task: run together (the shell's idle work, then each part's import with its
  // preload links), they made one long task on a phone's CPU, inside what Lighthouse counts as
  // blocking time.
  const fetchParts = async () => {
    performance.mark(IDLE_MARK);
    pageIdle = true;
    for (const work of idleWork.splice(0)) {
      work();
      await nextTask();
    }
    const names = new Set([...document.querySelectorAll('[data-on-use]')].map((el) => el.getAttribute('data-on-use')));
    const code: Promise<void>[] = [];
    for (const name of names) {
      const part = parts.get(name ?? '');
      if (!part) continue;
      code.push(part.prefetch().catch(() => undefined));
      await nextTask();
    }
    // Card images past what the page preloads, once the parts' code is in (ADR 0046); their code
    // comes in the idle file, with the prefetch below.
    void Promise.all(code).then(() =>
      afterWantedCode(() => import('./later-images').then((m) => m.startLaterImages()).catch(() => undefined)),
    );
    // What presses open: their files into the cache, the little code that asks for them on idle too.
    import('./prefetch-opens').then((m) => m.prefetchWhatPressesOpen()).catch(() => undefined);
  };
  const whenIdle = () => (window.requestIdleCallback ?? setTimeout)(start, { timeout: IDLE_TIMEOUT_MS });
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Events that mean "about to use it": start fetching the code. */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** Events whose effect needs the code: held, then replayed on the same element. */
const HELD = ['click', 'submit', 'change'] as const;

// The server's HTML stays: React does not look inside an element with inner HTML when it
// hydrates it, nor touch it while this (constant) value is unchanged.
const KEEP = { __html: '' };
const noSubscription = () => () => {};

/**
 * True while rendering the server's HTML (on the server, and while hydrating it); false once the
 * browser renders on its own (right after hydration, and for a client navigation's new parts).
 */
export function useServerHtml(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

type Held = { replay: () => void; fallback?: () => void };

type Island = {
  /** Someone pointed, touched, focused or pressed inside it. */
  wanted: boolean;
  /** The part's root has committed its hydration: updates and replays may follow. */
  hydrated: boolean;
  failed: boolean;
  held: Held[];
  /** Ends what the visitor waits on: the part hydrated and their press replayed, or given up. */
  served?: () => void;
  /** Set once the page's React root has mounted the part. */
  start?: () => void;
  render?: (contexts: unknown[], props: object) => void;
};

const islands = new WeakMap<Element, Island>();

function islandOf(element: Element): Island {
  let island = islands.get(element);
  if (!island) {
    island = { wanted: false, hydrated: false, failed: false, held: [] };
    islands.set(element, island);
  }
  return island;
}

const signedOut = () => getAccount().uid === '';

/** What the control an event happened on opens (`data-opens`), if anything. */
const opensOf = (event: Event) =>
  event.target instanceof Element ? event.target.closest<HTMLElement>('[data-opens]')?.dataset.opens : undefined;

/**
 * A signed-out visitor's press on a control that opens the sign-in dialog (Follow, Watch)
 * needs nothing of the control's own code to be answered: the dialog opens as soon as its
 * code is there (SPEC §4: sign in, then the pending action). The held press is replayed once
 * the part has code, and gives the open dialog its pending action; if the visitor closed
 * the dialog meanwhile, it is dropped.
 */
function signInAhead(held: Held, event: Event): Held {
  if (opensOf(event) !== 'sign-in' || !signedOut()) return held;
  const stillOpen = openAuthDialogAhead();
  return {
    replay: () => {
      if (stillOpen() || !signedOut()) held.replay();
    },
    fallback: held.fallback,
  };
}

/** The part a browser event happened in, while it waits for its code. */
function waiting(event: Event): Island | undefined {
  const element = event.target instanceof Element ? event.target.closest('[data-on-use]') : null;
  const part = element && parts.get(element.getAttribute('data-on-use') ?? '');
  if (!element || !part) return undefined;
  const island = islandOf(element);
  if (island.hydrated || island.failed) return undefined;
  if (!island.wanted) waitedOn(new Promise<void>((resolve) => (island.served = resolve)));
  island.wanted = true;
  // What the control opens first, then the part (a no-op once it is loading).
  waitedOn(part.load(opensOf(event)));
  island.start?.(); // without it, the page itself is still hydrating: it starts the part
  return island;
}

/**
 * Feedback within a frame of the press: the control a held press waits on is marked busy
 * (app.css shows it) until its part has replayed the press, or given up.
 */
function markBusy(held: Held, event: Event): Held {
  const control = event.target instanceof Element ? event.target.closest('button, a[href], [role="button"]') : null;
  if (!control || control.hasAttribute('aria-busy')) return held;
  control.setAttribute('aria-busy', 'true');
  const done = () => control.removeAttribute('aria-busy');
  return {
    replay: () => {
      done();
      held.replay();
    },
    fallback: () => {
      done();
      held.fallback?.();
    },
  };
}

// On window, capturing: these run before React's own listeners (which, while the page is still
// hydrating, may stop such an event) and before the page has even hydrated.
if (typeof window !== 'undefined') {
  for (const type of INTENT) window.addEventListener(type, waiting, { capture: true, passive: true });
  for (const type of HELD) {
    window.addEventListener(
      type,
      (event) => {
        const island = waiting(event);
        const held = island && heldAction(event);
        if (!island || !held) return;
        event.preventDefault();
        event.stopPropagation();
        island.held.push(markBusy(signInAhead(held, event), event));
      },
      { capture: true },
    );
  }
  // A keystroke in a search box still waiting for its code asks for its suggestions at once.
  window.addEventListener(
    'input',
    (event) => {
      if (event.target instanceof HTMLInputElement && waiting(event)) suggestAhead(event.target, waitedOn);
    },
    { capture: true },
  );
  fetchPartsWhenIdle();
}

/** Runs after each commit of the part's root (it renders nothing). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit);
  return null;
}

const sameProps = (a: object, b: object) => {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key])
  );
};

/**
 * Renders `part` with `props` inside a wrapper that takes no room of its own (display:
 * contents), so the page lays out exactly as if the part were rendered directly.
 */
export function HydrateOnUse<P extends object>({ part, props }: { part: OnUse<P>; props: P }) {
  // True while hydrating the server's HTML; false when mounted by a client navigation.
  const hydrating = useServerHtml();
  const [fromServer] = useState(hydrating);
  const contexts = useRouterContexts();
  const signedIn = useFanSignedIn();
  // Hydrating, the server's word: whom the page was rendered for.
  const [signedInOnServer] = useState(signedIn);
  const element = useRef<HTMLDivElement>(null);
  // What the server rendered: hydration must see exactly that; newer props follow.
  const first = useRef({ props, contexts });
  const latest = useRef({ props, contexts });
  latest.current = { props, contexts };
  const changed = !sameProps(props, first.current.props);

  // Hydrated: keep the part's root in step with the page (new data, location, router state).
  useLayoutEffect(() => {
    const island = element.current && islands.get(element.current);
    if (island?.hydrated) island.render?.(contexts, props);
  });

  useEffect(() => {
    const container = element.current;
    if (!fromServer || !container) return;
    const island = islandOf(container);
    let root: Root | undefined;
    let started = false;
    island.start = () => {
      if (started) return;
      started = true;
      (island.wanted ? part.load() : part.own()).then(
        (Component) => {
          const tree = (contexts: unknown[], props: P) =>
            bridge(
              contexts,
              <>
                <Component {...props} />
                <Committed onCommit={onCommit} />
              </>,
            );
          const onCommit = () => {
            if (island.hydrated) return;
            island.hydrated = true;
            // An update before the hydration committed would make React drop the server's HTML.
            const now = latest.current;
            if (
              !sameProps(now.props, first.current.props) ||
              now.contexts.some((value, i) => value !== first.current.contexts[i])
            ) {
              island.render?.(now.contexts, now.props);
            }
            setTimeout(() => {
              for (const held of island.held.splice(0)) held.replay();
              // After the replays' own effects (a request the press makes is waited on too).
              setTimeout(() => island.served?.());
            });
          };
          island.render = (contexts, props) => root?.render(tree(contexts, props as P));
          const hydrate = () => {
            root = hydrateRoot(container, tree(first.current.contexts, first.current.props), {
              identifierPrefix: `${part.name}-`,
            });
          };
          // A part with a press held for it hydrates at once: the press waits on it. Any other
          // (one someone is only about to use: a pointer over it, a search box tapped before
          // the first letter; one nobody asked for yet: new data)
          // hydrates as a transition: React yields to the browser every few milliseconds, so
          // a letter typed meanwhile shows at once, not after the whole part (ADR 0060).
          if (island.held.length) hydrate();
          else startTransition(hydrate);
        },
        () => {
          island.failed = true;
          for (const held of island.held.splice(0)) held.fallback?.();
          island.served?.();
        },
      );
    };
    // A press while the page itself was still hydrating already asked for it.
    if (island.wanted) island.start();
    return () => {
      island.served?.();
      island.start = undefined;
      island.render = undefined;
      // Not while React is committing the page that removes this part.
      if (root) setTimeout(() => root?.unmount());
    };
  }, [fromServer, part]);

  // New data, or a visitor signed in or out since the server rendered the page, hydrates a part
  // nobody has used yet, in a task of its own (ADR 0060). A fan signed in when the page came
  // waits for use as everyone: their state is shown without hydrating (ADR 0068).
  const stale = changed || signedIn !== signedInOnServer;
  useEffect(() => {
    const container = element.current;
    if (!fromServer || !container || !stale) return;
    // A part gone before its turn is not started.
    const turn = setTimeout(() => islandOf(container).start?.());
    return () => clearTimeout(turn);
  }, [fromServer, stale]);

  if (!fromServer || typeof window === 'undefined') {
    const Component = part.component ?? part.Lazy;
    return (
      <div data-on-use={typeof window === 'undefined' ? part.name : undefined} className="contents">
        <Component {...props} />
      </div>
    );
  }
  return (
    <div
      ref={element}
      data-on-use={part.name}
      className="contents"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant: it only tells React to keep the server's HTML
      dangerouslySetInnerHTML={KEEP}
      suppressHydrationWarning
    />
  );
}

/** What a click, a form submission or a select change inside a part not yet hydrated will do. */
function heldAction(event: Event): Held | undefined {
  const target = event.target;
  if (!(target instanceof Element)) return undefined;
  if (event.type === 'submit' && target instanceof HTMLFormElement) {
    const submitter = (event as SubmitEvent).submitter;
    return { replay: () => target.requestSubmit(submitter), fallback: () => target.submit() };
  }
  if (event.type === 'change' && target instanceof HTMLSelectElement) {
    // Hydration puts a controlled select back to its rendered value: choose again, then tell.
    const chosen = target.value;
    return {
      replay: () => {
        target.value = chosen;
        target.dispatchEvent(new Event('change', { bubbles: true }));
      },
    };
  }
  if (event.type !== 'click') return undefined;
  const mouse = event as MouseEvent;
  // The app shell navigates a page link on its own (ui/page-link.tsx): no code to wait for.
  if (target.closest('a[data-page-link]')) return undefined;
  const link = target.closest('a[href]');
  if (link instanceof HTMLAnchorElement) {
    // What the browser does well on its own: new tabs, downloads, other sites.
    const native =
      mouse.button !== 0 ||
      mouse.metaKey ||
      mouse.ctrlKey ||
      mouse.shiftKey ||
      mouse.altKey ||
      (link.target && link.target !== '_self') ||
      link.hasAttribute('download') ||
      link.origin !== window.location.origin;
    if (native) return undefined;
    return { replay: () => replayClick(target, mouse), fallback: () => window.location.assign(link.href) };
  }
  if (!target.closest('button, [role="button"]')) return undefined;
  return { replay: () => replayClick(target, mouse) };
}

/** A replayed click's original moment (see `pressedAt`). */
const replayedAt = new WeakMap<Event, number>();

/**
 * When the visitor pressed: for a press held until its part had code and replayed, the moment
 * of the original press, not of the replay. A control whose state came meanwhile acts on what
 * it showed when pressed (tracking/use-tracking.ts).
 */
export function pressedAt(event: Event): number {
  return replayedAt.get(event) ?? event.timeStamp;
}

function replayClick(target: Element, original: MouseEvent) {
  const replay = new MouseEvent('click', {
    bubbles: true,
    cancelable: true,
    composed: true,
    detail: original.detail,
    clientX: original.clientX,
    clientY: original.clientY,
    screenX: original.screenX,
    screenY: original.screenY,
  });
  replayedAt.set(replay, original.timeStamp);
  target.dispatchEvent(replay);
}
