/**
 * The first tap on a slow link: a fresh Chromium context (nothing cached), throttled by the
 * DevTools protocol (Network.emulateNetworkConditions), opens a page, waits for its load
 * event and taps: at once ("at load", a visitor who taps the moment the page looks ready:
 * the strict figure, judged against the targets), and, on another fresh page, once the
 * network has been quiet for half a second ("idle": the page has fetched its parts' code).
 * Then, timed in the page from the press (pointerdown) on every animation frame:
 *
 * - feedback: the first visible sign the press was taken: the answer itself, or the pressed
 *   control marked busy (aria-busy, disabled) or its pressed state changed;
 * - answer: Dates → the date popup open; the search box → the first suggestion listed
 *   (the tap focuses it, then a word is typed); Follow / Watch → signed out, the sign-in
 *   dialog; signed in, the button in its new state.
 *
 * Desktop (1440 × 900) and phone (390 × 844, touch) at 150 ms RTT / 1.6 Mbit/s and at
 * DevTools' Slow 3G (2,000 ms, 50 kB/s); signed-in taps carry a fan's session cookie.
 */
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import type { Chromium } from './chromium.ts';
import type { SignedInSite } from './signed-in-taps.ts';
import { round } from './stats.ts';

export const NETWORKS = {
  '150ms': { label: '150 ms RTT, 1.6 Mbit/s', latency: 150, downloadThroughput: 200_000, uploadThroughput: 94_000 },
  slow3g: {
    label: 'Slow 3G (2,000 ms, 50 kB/s)',
    latency: 2_000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  },
} as const;
export type NetworkName = keyof typeof NETWORKS;

const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
} as const;
export type DeviceName = keyof typeof DEVICES;

export type TapAction = 'dates' | 'suggestion' | 'follow' | 'watch';

export type TapWhen = 'load' | 'idle';

export type TapFigure = {
  when: TapWhen;
  network: NetworkName;
  device: DeviceName;
  action: TapAction;
  signed_in: boolean;
  url?: string;
  load_ms?: number;
  /**
   * From the load event to the press. Playwright presses once the control takes presses: a
   * signed-in fan's Follow and Watch are busy until the fan's state has been read.
   */
  pressed_after_load_ms?: number;
  feedback_ms?: number;
  answer_ms?: number;
  error?: string;
  /**
   * For a tap over its target (or a page over three round trips' worth of its usual load):
   * the requests that took longest, from the browser's own timeline, to tell a slow server
   * from a queued connection.
   */
  slowest_requests?: string[];
  /**
   * For the same taps: every request under way at the press or sent after it, in the order
   * sent, timed from the press: what the answer waited for.
   */
  after_press?: string[];
};

/** Past these, a tap keeps its request timeline (slowest_requests). */
const EXPLAIN_AFTER_MS = { '150ms': { load: 3_000, answer: 1_000 }, slow3g: { load: 15_000, answer: 3_000 } } as const;

type Timed = { url: string; sent: number; headers?: number; done?: number; failed?: string; timing?: string };

export type TapPlan = {
  home: string;
  search: string;
  /** Artist and event pages, a fresh one per signed-in tap (the fan's follow is kept). */
  artists: string[];
  events: string[];
  keyword: string;
  /** A signed-in browser's storage (bench/signed-in-taps.ts): the plan's taps are then a fan's. */
  storageState?: SignedInSite['storageState'];
};

const SEARCH_INPUT = 'input[placeholder="Search by Artist, Event or Venue"]';

/** In-page conditions, evaluated on every frame after the press. */
const ANSWERS: Record<TapAction, { signedOut: string; signedIn: string }> = {
  dates: {
    signedOut: `!!document.querySelector('[role=dialog] [role=grid]')`,
    signedIn: `!!document.querySelector('[role=dialog] [role=grid]')`,
  },
  suggestion: {
    signedOut: `!!document.querySelector('[role=listbox] [role=option]')`,
    signedIn: `!!document.querySelector('[role=listbox] [role=option]')`,
  },
  follow: {
    signedOut: `!!document.querySelector(':is([role=dialog], dialog[open]) input[type=email]')`,
    signedIn: `!!document.querySelector('[data-testid=follow-button][aria-pressed=true]')`,
  },
  watch: {
    signedOut: `!!document.querySelector(':is([role=dialog], dialog[open]) input[type=email]')`,
    signedIn: `!!document.querySelector('[data-testid=watch-button][aria-pressed=true]')`,
  },
};

/** The control pressed, marked busy or changed: a sign the press was taken. */
const FEEDBACK = `(() => {
  const t = window.__tapTarget;
  if (!t) return false;
  const control = t.closest('button, a, [role=button], input') || t;
  return control.getAttribute('aria-busy') === 'true' || control.disabled === true ||
    control.getAttribute('aria-pressed') !== window.__tapPressed ||
    (control.tagName === 'INPUT' && document.activeElement === control && control.value.length > 0);
})()`;

export async function measureFirstTaps(
  origin: string,
  chromiumProcess: Chromium,
  plan: TapPlan,
  options: { quick: boolean; networks?: NetworkName[]; devices?: DeviceName[]; actions?: TapAction[] },
  log: (line: string) => void,
): Promise<TapFigure[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromiumProcess.port}`);
  const figures: TapFigure[] = [];
  let artist = 0;
  let event = 0;
  try {
    for (const network of options.networks ?? (Object.keys(NETWORKS) as NetworkName[])) {
      for (const device of options.devices ?? (Object.keys(DEVICES) as DeviceName[])) {
        for (const when of ['load', 'idle'] as const) {
          // A fresh artist and event for each signed-in tap: a fan's follow and watch are kept.
          const cases: { action: TapAction; signedIn: boolean; url: string }[] = plan.storageState
            ? [
                { action: 'follow', signedIn: true, url: plan.artists[artist++]! },
                { action: 'watch', signedIn: true, url: plan.events[event++]! },
              ]
            : [
                { action: 'dates', signedIn: false, url: plan.home },
                { action: 'suggestion', signedIn: false, url: plan.home },
                { action: 'follow', signedIn: false, url: plan.artists[0]! },
                { action: 'watch', signedIn: false, url: plan.events[0]! },
              ];
          for (const c of cases) {
            const figure = await tap(browser, origin, plan, when, network, device, c.action, c.signedIn, c.url);
            figures.push(figure);
            log(
              `  ${NETWORKS[network].label.padEnd(28)} ${device.padEnd(7)} ${`${c.action}${c.signedIn ? ' (signed in)' : ''}`.padEnd(22)} at ${when.padEnd(5)} ${
                figure.error
                  ? `ERROR ${figure.error}`
                  : `load ${figure.load_ms} ms · pressed ${figure.pressed_after_load_ms} ms after it · feedback ${figure.feedback_ms} ms · answer ${figure.answer_ms} ms`
              }`,
            );
            for (const line of figure.slowest_requests ?? []) log(`      slow: ${line}`);
            for (const line of figure.after_press ?? []) log(`      at the press: ${line}`);
          }
        }
        if (options.quick && network === '150ms') break;
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

async function tap(
  browser: Browser,
  origin: string,
  plan: TapPlan,
  when: TapWhen,
  network: NetworkName,
  device: DeviceName,
  action: TapAction,
  signedIn: boolean,
  url: string,
): Promise<TapFigure> {
  const figure: TapFigure = { when, network, device, action, signed_in: signedIn, url };
  let requests: Map<string, Timed> | undefined;
  /** When the press came, in the page's clock: the navigation's start, as the request timeline's zero. */
  let pressedAt: number | undefined;
  const slow = network === 'slow3g';
  // The measuring predicates are strings evaluated in the page, which its CSP (no
  // 'unsafe-eval', ADR 0013) refuses: the measuring context bypasses the policy.
  const context: BrowserContext = await browser.newContext({
    ...DEVICES[device],
    bypassCSP: true,
    ...(signedIn ? { storageState: plan.storageState } : {}),
  });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    requests = watchRequests(cdp, origin);
    const { latency, downloadThroughput, uploadThroughput } = NETWORKS[network];
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput,
      uploadThroughput,
    });
    // The press is timed in the page, before any of its own listeners (capture, on window).
    await page.addInitScript(() => {
      const w = window as unknown as { __tap: number; __tapTarget?: Element; __tapPressed?: string | null };
      w.__tap = 0;
      addEventListener(
        'pointerdown',
        (event) => {
          if (w.__tap) return;
          w.__tap = performance.now();
          const target = event.target instanceof Element ? event.target : undefined;
          w.__tapTarget = target;
          w.__tapPressed = target?.closest('button')?.getAttribute('aria-pressed') ?? null;
        },
        { capture: true },
      );
    });
    const started = performance.now();
    await page.goto(`${origin}${url}`, { waitUntil: 'load', timeout: slow ? 180_000 : 60_000 });
    figure.load_ms = round(performance.now() - started, 0);
    if (when === 'idle') await page.waitForLoadState('networkidle', { timeout: slow ? 120_000 : 60_000 });

    const control =
      action === 'dates'
        ? page.getByRole('button', { name: /^Dates/ }).first()
        : action === 'suggestion'
          ? page.locator(SEARCH_INPUT).locator('visible=true').first()
          : page.getByTestId(action === 'follow' ? 'follow-button' : 'watch-button').first();
    if ((await control.count()) === 0) {
      figure.error = `no ${action} control on ${url} at this width`;
      return figure;
    }
    const answer = signedIn ? ANSWERS[action].signedIn : ANSWERS[action].signedOut;
    const timeout = slow ? 30_000 : 15_000;
    const since = (condition: string) =>
      page
        .waitForFunction(`window.__tap > 0 && (${condition}) && performance.now() - window.__tap`, undefined, {
          polling: 'raf',
          timeout,
        })
        .then((handle) => handle.jsonValue() as Promise<number>);
    const feedback = since(`(${answer}) || ${FEEDBACK}`);
    const answered = since(answer);
    feedback.catch(() => undefined);
    answered.catch(() => undefined);
    if (DEVICES[device].hasTouch) await control.tap({ timeout });
    else await control.click({ timeout });
    if (action === 'suggestion') await page.keyboard.type(plan.keyword);
    pressedAt = await page.evaluate(() => (window as unknown as { __tap: number }).__tap);
    figure.feedback_ms = round(await feedback, 0);
    figure.answer_ms = round(await answered, 0);
    figure.pressed_after_load_ms = round(
      await page.evaluate(
        () =>
          (window as unknown as { __tap: number }).__tap -
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      ),
      0,
    );
  } catch (error) {
    figure.error = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 160) : String(error);
  } finally {
    const limits = EXPLAIN_AFTER_MS[network];
    if (requests && (figure.error || (figure.load_ms ?? 0) > limits.load || (figure.answer_ms ?? 0) > limits.answer)) {
      figure.slowest_requests = slowest(requests, Boolean(figure.error));
      if (pressedAt) figure.after_press = underWay(requests, pressedAt);
    }
    await context.close();
  }
  return figure;
}

/** The page's requests as the browser timed them, in ms since the first was sent. */
function watchRequests(cdp: CDPSession, origin: string): Map<string, Timed> {
  const requests = new Map<string, Timed>();
  let zero: number | undefined;
  const at = (timestamp: number) => Math.round((timestamp - (zero ?? timestamp)) * 1000);
  cdp.on('Network.requestWillBeSent', (e) => {
    zero ??= e.timestamp;
    requests.set(e.requestId, { url: e.request.url.replace(origin, '').slice(0, 120), sent: at(e.timestamp) });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.headers = at(e.timestamp);
    const t = e.response.timing;
    // Queued before a connection was free, connecting, waiting for the first byte.
    if (t) {
      const queued = Math.round(Math.max(0, t.connectStart >= 0 ? t.connectStart : t.sendStart));
      const waited = Math.round(
        t.receiveHeadersStart > 0 ? t.receiveHeadersStart - t.sendEnd : t.receiveHeadersEnd - t.sendEnd,
      );
      r.timing = `queued ${queued} · connection ${e.response.connectionReused ? `#${e.response.connectionId} reused` : `#${e.response.connectionId} new`} · first byte after ${waited}`;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.done = at(e.timestamp);
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) [r.done, r.failed] = [at(e.timestamp), e.errorText];
  });
  return requests;
}

/**
 * The requests under way at `pressedAt` or sent after it (ms since the navigation started; the
 * page's document is the timeline's first request, so the two clocks start within a few ms of
 * each other): those a press asked for (a pointer on its way asks a moment before the press),
 * and those holding the connections they need.
 */
function underWay(requests: Map<string, Timed>, pressedAt: number): string[] {
  const press = Math.round(pressedAt);
  const sincePress = (ms: number) => `${ms >= press ? '+' : '−'}${Math.abs(ms - press)}`;
  return [...requests.values()]
    .filter((r) => r.done === undefined || r.done >= press - 5)
    .sort((a, b) => a.sent - b.sent)
    .slice(0, 16)
    .map((r) => requestLine(r, sincePress));
}

/** One request of the timeline, its times as `at` writes them. */
function requestLine(r: Timed, at: (ms: number) => string | number = (ms) => ms): string {
  const time = (ms: number | undefined, none: string) => (ms === undefined ? none : at(ms));
  return `${r.url} sent ${at(r.sent)} ms, headers ${time(r.headers, '-')}, done ${time(r.done, 'never')}${r.failed ? ` (${r.failed})` : ''}${r.timing ? ` (${r.timing})` : ''}`;
}

function slowest(requests: Map<string, Timed>, failed: boolean): string[] {
  // Requests still open when the figure was taken started after the answer, unless it never came.
  const took = (r: Timed) => (r.done === undefined ? (failed ? Number.POSITIVE_INFINITY : -1) : r.done - r.sent);
  return [...requests.values()]
    .filter((r) => took(r) >= 0)
    .sort((a, b) => took(b) - took(a))
    .slice(0, 5)
    .map((r) => requestLine(r));
}
