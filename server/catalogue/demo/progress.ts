import type { LoadPhase, LoadProgress } from './load.ts';

const LABELS: Record<LoadPhase, string> = {
  prepare: 'Preparing',
  venues: 'Venues',
  attractions: 'Attractions',
  events: 'Events',
  indexes: 'Search indexes',
  counts: 'Upcoming counts',
};

export type ProgressOutput = {
  /** A terminal: one line redrawn in place. */
  tty?: { write(text: string): unknown; columns?: number };
  /** Not a terminal (CI, log files, docker): a plain line per phase and every few seconds. */
  log?: (line: string) => void;
  /** Milliseconds between plain lines within a phase. */
  logEveryMs?: number;
};

/**
 * Reports a catalogue load: on a terminal a single updating progress bar (stderr), otherwise
 * periodic plain lines, so logs stay readable. `done()` ends the bar's line.
 */
export function createProgress(output: ProgressOutput): { update(progress: LoadProgress): void; done(): void } {
  const started = Date.now();
  let phase: LoadPhase | undefined;
  let lastDraw = 0;
  let lastLog = 0;
  let drawn = false;
  const logEvery = output.logEveryMs ?? 5000;
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

  return {
    update(p) {
      const percent = p.total > 0 ? Math.min(100, Math.floor((p.done / p.total) * 100)) : 100;
      const now = Date.now();
      const phaseChanged = p.phase !== phase;
      phase = p.phase;
      if (output.tty) {
        if (!phaseChanged && p.done < p.total && now - lastDraw < 80) return;
        lastDraw = now;
        const width = 24;
        const filled = Math.round((percent / 100) * width);
        const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
        const counts = p.total > 1 ? ` ${p.done.toLocaleString('en-US')}/${p.total.toLocaleString('en-US')}` : '';
        const line = `  ${LABELS[p.phase].padEnd(16)}${bar} ${String(percent).padStart(3)}%${counts}  ${seconds()}`;
        output.tty.write(`\r\x1b[2K${line.slice(0, Math.max(20, (output.tty.columns ?? 100) - 1))}`);
        drawn = true;
        return;
      }
      if (output.log && (phaseChanged || now - lastLog >= logEvery || (p.done === p.total && p.total > 1))) {
        if (!phaseChanged && p.done === p.total && p.total <= 1) return;
        lastLog = now;
        const counts = p.total > 1 ? ` ${p.done}/${p.total} (${percent}%)` : '';
        output.log(`demo catalogue: ${LABELS[p.phase].toLowerCase()}${counts} after ${seconds()}`);
      }
    },
    done() {
      if (output.tty && drawn) output.tty.write('\n');
    },
  };
}
