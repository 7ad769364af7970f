import { Button } from '~/components/ui/button';

/** A catalogue fetch that failed (SPEC §8 store messages), with a way to try again. */
export function FetchFailure({
  message,
  onRetry,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={`flex flex-col items-center gap-3 text-center ${className}`}>
      <p className="text-sm font-semibold text-ink">{message}</p>
      <p className="text-sm text-slate-600">Check your connection and try again.</p>
      <Button size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
