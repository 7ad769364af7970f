import { type ComponentType, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keptImport, lazyKept } from './kept-import';

const Popup = ({ label }: { label: string }) => <p>{label}</p>;

const page = (Component: ComponentType<{ label: string }>) =>
  renderToString(
    <Suspense fallback={<i>waiting</i>}>
      <Component label="open" />
    </Suspense>,
  );

describe('a lazy component over a kept import', () => {
  it('waits for its module the first time, like React.lazy', () => {
    const load = keptImport(() => Promise.resolve({ default: Popup }));
    expect(page(lazyKept(load))).toContain('waiting');
  });

  it('renders at once, without suspending, once its module has arrived', async () => {
    const load = keptImport(() => Promise.resolve({ default: Popup }));
    await load();
    expect(load.module?.default).toBe(Popup);
    const html = page(lazyKept(load));
    expect(html).toContain('<p>open</p>');
    expect(html).not.toContain('waiting');
  });

  it('tries a failed download again, and keeps nothing from it', async () => {
    let calls = 0;
    const load = keptImport(() =>
      ++calls === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ default: Popup }),
    );
    await expect(load()).rejects.toThrow('chunk failed');
    expect(load.module).toBeUndefined();
    await load();
    expect(calls).toBe(2);
    expect(page(lazyKept(load))).toContain('<p>open</p>');
  });
});
