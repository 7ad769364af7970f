import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from './client.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('embedded data dir lock', () => {
  it('refuses a second process while one holds the data dir, and frees it on close', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-lock-'));
    dirs.push(dataDir);
    // Another live process holds the lock.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    writeFileSync(path.join(dataDir, 'pglite.lock'), String(holder.pid));
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    holder.kill();
    await new Promise((resolve) => holder.once('exit', resolve));

    // Its lock is now stale: taken over, then released on close.
    const database = await openDatabase({ dataDir });
    expect(await database.ping()).toBe(true);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process \d+/);
    await database.close();
    const again = await openDatabase({ dataDir });
    expect(await again.ping()).toBe(true);
    await again.close();
  }, 60_000);
});
