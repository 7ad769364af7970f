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
      className={`inline-flex items-center gap-1.5 rounded-full border px-3.5 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors disabled:opacity-60 aria-disabled:opacity-60 aria-busy:cursor-progress aria-busy:opacity-60 ${TONES[tone]} ${className}`}
    >
      {/* Both icons: aria-pressed shows one (app.css, `.on` and `.off`). */}
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
        <path className="on" d="M7.6 13.2 4.4 10l-1.2 1.2 4.4 4.4 9.2-9.2-1.2-1.2z" />
        <path className="off" d="M9.2 4h1.6v5.2H16v1.6h-5.2V16H9.2v-5.2H4V9.2h5.2z" />
      </svg>
      {/* A toggle keeps its name (WCAG 2.5.3): the state is aria-pressed, the tick and the fill. */}
      Follow
    </button>
  );
}
