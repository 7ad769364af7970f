/**
 * One headless Chromium per run, started and stopped by the harness itself (its own profile
 * directory and process group, tracked like every child), shared by the first-load observer
 * (Playwright over CDP) and Lighthouse (its DevTools port).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnTracked, stopTracked } from './processes.ts';
import { sleep } from './server.ts';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
];

export type Chromium = { port: number; stop(): Promise<void> };

export async function startChromium(runDir: string): Promise<Chromium> {
  const executable = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executable)) throw new Error(`no Chromium at ${executable} (set CHROME_PATH)`);
  const profileDir = path.join(runDir, 'chromium-profile');
  // Chromium writes its DevTools port to DevToolsActivePort in the profile directory; a file
  // left by an earlier run in the same directory would name a port nobody listens on.
  const file = path.join(profileDir, 'DevToolsActivePort');
  rmSync(file, { force: true });
  const child = spawnTracked(
    'chromium',
    executable,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const stop = () => stopTracked(child, 5_000);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited (${child.exitCode})`);
    if (existsSync(file)) {
      const port = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return { port, stop };
    }
    await sleep(100);
  }
  await stop();
  throw new Error('Chromium did not open its DevTools port within 30 s');
}
