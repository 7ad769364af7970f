import { PassThrough } from 'node:stream';
import { Suspense, use } from 'react';
import { renderToPipeableStream as renderWithStrings } from 'react-dom/server.bun';
import { renderToPipeableStream as renderWithBytes } from 'react-dom/server.node';
import { describe, expect, it } from 'vitest';
import { FlushedStrings, WholePage } from './flushed-strings.server';

/** A page like ours: text to escape, attributes, an SVG, and a boundary that resolves later. */
function Page({ later, cards = 50 }: { later: Promise<string>; cards?: number }) {
  return (
    <html lang="en">
      <head>
        <title>{'Tom & Jerry <live> "2026"'}</title>
      </head>
      <body>
        <main>
          {Array.from({ length: cards }, (_, i) => (
            <article key={i} className="event-card" data-id={`E${i}`}>
              <h3>
                <a href={`/events/a-b-${i}/E${i}?x=1&y="2"`}>{`Event ${i} – Zoë’s “show” </script>`}</a>
              </h3>
              <svg aria-hidden="true" viewBox="0 0 20 20">
                <path d="M7.6 13.2 4.4 10l-1.2 1.2 4.4 4.4 9.2-9.2-1.2-1.2z" />
              </svg>
            </article>
          ))}
          <Suspense fallback={<p>Loading…</p>}>
            <Later value={later} />
          </Suspense>
        </main>
      </body>
    </html>
  );
}

function Later({ value }: { value: Promise<string> }) {
  return <p className="later">{use(value)}</p>;
}

/** The page as the response receives it, write by write, with the shell's writes counted before `release`. */
function render(
  kind: 'strings' | 'bytes',
  release: () => void,
  later: Promise<string>,
  cards?: number,
): Promise<{ html: string; shellWrites: number }> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (chunk: Buffer) => parts.push(chunk));
    out.on('end', () => resolve({ html: Buffer.concat(parts).toString('utf8'), shellWrites }));
    out.on('error', reject);
    let shellWrites = 0;
    const options = {
      onShellReady() {
        if (kind === 'strings') strings.pipe(new FlushedStrings(out) as unknown as NodeJS.WritableStream);
        else bytes.pipe(out);
        // What left before the boundary's data came: the shell, streamed at once.
        setImmediate(() => {
          shellWrites = parts.length;
          release();
        });
      },
      onShellError: reject,
    };
    const strings = kind === 'strings' ? renderWithStrings(<Page later={later} cards={cards} />, options) : undefined!;
    const bytes = kind === 'bytes' ? renderWithBytes(<Page later={later} cards={cards} />, options) : undefined!;
  });
}

function deferred() {
  let release!: () => void;
  const later = new Promise<string>((resolve) => {
    release = () => resolve('Doors at 7 & <early> entry');
  });
  return { later, release };
}

describe('a page written as strings, one write a flush (ADR 0063)', () => {
  it('is the same HTML, byte for byte, as React writes with its byte-encoding renderer', async () => {
    const a = deferred();
    const b = deferred();
    const [withStrings, withBytes] = await Promise.all([
      render('strings', a.release, a.later),
      render('bytes', b.release, b.later),
    ]);
    expect(withStrings.html).toBe(withBytes.html);
    expect(withStrings.html).toContain('Tom &amp; Jerry &lt;live&gt; &quot;2026&quot;');
    expect(withStrings.html).toContain('Zoë’s “show” &lt;/script&gt;');
    expect(withStrings.html).toContain('Doors at 7 &amp; &lt;early&gt; entry');
  });

  it('is the same HTML for a page of hundreds of kilobytes, encoded a group of strings at a time (ADR 0077)', async () => {
    const a = deferred();
    const b = deferred();
    const [withStrings, withBytes] = await Promise.all([
      render('strings', a.release, a.later, 2_000),
      render('bytes', b.release, b.later, 2_000),
    ]);
    expect(withStrings.html.length).toBeGreaterThan(400_000);
    expect(withStrings.html).toBe(withBytes.html);
    expect(withStrings.shellWrites).toBe(1);
  });

  it('still streams: the shell leaves in one write before the late part, which follows in its own', async () => {
    const { later, release } = deferred();
    const { html, shellWrites } = await render('strings', release, later);
    expect(shellWrites).toBe(1);
    expect(html.indexOf('Loading…')).toBeGreaterThan(0);
    expect(html.indexOf('Doors at 7')).toBeGreaterThan(html.indexOf('Loading…'));
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it('keeps bytes handed to it in order with the strings around them', () => {
    const out = new PassThrough();
    const sink = new FlushedStrings(out);
    sink.write('<p>a');
    sink.write(new TextEncoder().encode('é'));
    sink.write('b</p>');
    sink.end();
    expect(out.read().toString('utf8')).toBe('<p>aéb</p>');
  });
});

describe('a page gathered whole (ADR 0077)', () => {
  it('hands over the whole page once, as one buffer, the same bytes as React writes it whole', async () => {
    const { later, release } = deferred();
    release();
    // React's own renderer, also waiting for every boundary: a bot's page before ADR 0077.
    const html = await new Promise<string>((resolve, reject) => {
      const out = new PassThrough();
      const parts: Buffer[] = [];
      out.on('data', (chunk: Buffer) => parts.push(chunk));
      out.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      const { pipe } = renderWithBytes(<Page later={later} />, { onAllReady: () => pipe(out), onShellError: reject });
    });
    expect(html).toContain('<p class="later">Doors at 7');
    const pages: Buffer[] = [];
    const page = await new Promise<Buffer>((resolve, reject) => {
      const { pipe } = renderWithStrings(<Page later={later} />, {
        onAllReady() {
          pipe(
            new FlushedStrings(
              new WholePage((bytes) => {
                pages.push(bytes);
                resolve(bytes);
              }, reject),
            ) as unknown as NodeJS.WritableStream,
          );
        },
        onShellError: reject,
      });
    });
    expect(pages).toHaveLength(1);
    expect(page.toString('utf8')).toBe(html);
  });

  it('fails, and never hands over a page, when the render is stopped before it ends', () => {
    const done: Buffer[] = [];
    const failures: unknown[] = [];
    const page = new WholePage(
      (bytes) => done.push(bytes),
      (error) => failures.push(error),
    );
    const sink = new FlushedStrings(page);
    sink.write('<p>half a page');
    sink.flush();
    sink.destroy(new Error('aborted'));
    sink.end();
    expect(done).toEqual([]);
    expect(failures).toEqual([new Error('aborted')]);
  });
});
