import { useTrackToggle } from './use-tracking';

// Pressed or not by aria-pressed alone, so the fan's state is one attribute (ADR 0068).
const TONES = {
  default:
    'border-brand-600 text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:hover:bg-brand-700',
  hero: 'border-white/80 text-white hover:bg-white/15 aria-pressed:border-white aria-pressed:bg-white aria-pressed:text-brand-700 aria-pressed:hover:bg-brand-50',
} as const;

/** Follow an artist in one click (ADR 0008; the press: useTrackToggle). */
export function FollowButton({
  attraction,
  tone = 'default',
  className = '',
}: {
  attraction: { id: string; name: string };
  tone?: keyof typeof TONES;
  className?: string;
}) {
  const { on: following, waiting, quiet, press, signedIn, busy, opening } = useTrackToggle('artist', attraction.id);

  return (
    <button
      type="button"
      aria-pressed={following}
      aria-label={`Follow ${attraction.name}`}
      aria-busy={waiting || opening || undefined}
      data-quiet={quiet || undefined}
      // Waiting for the sign-in dialog's code, it keeps focus (use-form-action.ts).
      aria-disabled={opening || undefined}
      disabled={busy && !opening}
      data-testid="follow-button"
      data-tracks={`artist:${attraction.id}`}
      data-opens={signedIn ? undefined : 'sign-in'}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        press(event.nativeEvent);
      }}
      // Its shape from `.follow-button` in app.css; the tones stay utilities, so a pressed hero
      // button's white wins over a caller's background.
      className={`follow-button ${TONES[tone]} ${className}`}
    >
      {/* Its icon comes from app.css by aria-pressed (ADR 0080). A toggle keeps its name (WCAG 2.5.3):
          the state is aria-pressed, the tick and the fill. */}
      Follow
    </button>
  );
}
