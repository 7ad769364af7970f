import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TRACKING_ACTION, type TrackingActionData, type TrackingFields } from '~/lib/tracking-action';
import { useFormAction } from '~/lib/use-form-action';
import { pressedAt } from '../hydration';
import { trackedShownAt } from './tracked-ahead';
import { useFanSignedIn } from './use-fan';
import { toggleFields, useTracked } from './use-tracked';

/**
 * A fetcher for my Encore writes, submitted to the tracking action (ADR 0033); `shows` are the
 * fields whose refusals the form shows itself.
 */
export function useTrackingAction(shows: readonly string[] = []) {
  return useFormAction<TrackingActionData, TrackingFields>(TRACKING_ACTION, shows);
}

/**
 * Follow or Watch in one press (ADR 0008): whether it is on, and the press. Anonymous visitors
 * get the sign-in dialog and the write happens once they are in (SPEC §4 pending action); a
 * signed-in fan toggles. While a signed-in fan's state is still being read the button waits
 * (`waiting`), never showing a state the fan is not in, and a press meanwhile is kept, not
 * lost (ADR 0047): the button showed "off", so once the state is known it is turned on,
 * unless it already is. The same for a press made before the part had code and replayed once
 * the state had come: it acts on what the button showed when pressed.
 */
/** The fan's state for one button, in both builds: signed in, tracked (undefined while read), on, still being read. */
function useToggleState(kind: 'artist' | 'event', id: string) {
  const signedIn = useFanSignedIn();
  const tracked = useTracked(kind, id);
  return { signedIn, tracked, on: !!tracked && signedIn, reading: signedIn && tracked === undefined };
}

function useBrowserToggle(kind: 'artist' | 'event', id: string) {
  const { signedIn, tracked, on, reading } = useToggleState(kind, id);
  const action = useTrackingAction();
  const { submitAsFan, opening } = action;
  const [held, setHeld] = useState(false);
  // Since when the button has shown the fan's state: from the start when the page came with it,
  // from when it was shown on the server's HTML if that was before this part hydrated (ADR 0068).
  const shownSince = useRef<number | undefined>(reading ? undefined : 0);
  useLayoutEffect(() => {
    if (reading) shownSince.current = undefined;
    else shownSince.current ??= trackedShownAt() ?? performance.now();
  }, [reading]);

  useEffect(() => {
    if (!held || tracked === undefined) return;
    setHeld(false);
    if (!tracked) submitAsFan(toggleFields(kind, id, true));
  }, [held, tracked, submitAsFan, kind, id]);

  const press = (event: Event) => {
    if (opening) return;
    const since = shownSince.current;
    if (reading || since === undefined || pressedAt(event) < since) setHeld(true);
    // The pending action after sign-in is the wish the press expressed.
    else submitAsFan(toggleFields(kind, id, !on));
  };
  // `quiet`: waiting for the state alone, nothing pressed: shown faded, not pulsing (app.css).
  return {
    signedIn,
    on,
    waiting: reading || held,
    quiet: reading && !held,
    press,
    busy: action.busy,
    opening: action.opening,
    /** The tracking action's answer to this button's last press. */
    answer: action.fetcher.data,
  };
}

/**
 * The server renders a button once and never presses it: its HTML is the state alone, as the
 * browser's first render shows it before any press (idle, nothing held). A fetcher and a
 * press's hooks for each of the twenty-five buttons of a search page were a thirtieth of its
 * render (ADR 0080).
 */
function useServerToggle(kind: 'artist' | 'event', id: string): ReturnType<typeof useBrowserToggle> {
  const { signedIn, on, reading } = useToggleState(kind, id);
  return {
    signedIn,
    on,
    waiting: reading,
    quiet: reading,
    press: () => undefined,
    busy: false,
    opening: false,
    answer: undefined,
  };
}

/**
 * One of the two by build: `import.meta.env.SSR` is a constant of each, so a build always
 * calls the same hooks, and the browser's has no server code.
 */
export const useTrackToggle = import.meta.env.SSR ? useServerToggle : useBrowserToggle;
