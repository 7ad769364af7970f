import type { Writable } from 'node:stream';

/**
 * Where React writes a page (ADR 0063): its many small strings are joined, and each flush (the
 * shell, then each boundary that resolves) reaches the response as one write. React's Node
 * build instead encodes every string into bytes on its own, thousands a page, which cost a
 * long-tail page about a tenth of its render.
 */
export class FlushedStrings {
  private pending = '';
  constructor(private readonly out: Writable) {}
  write(chunk: string | Uint8Array): boolean {
    if (typeof chunk === 'string') this.pending += chunk;
    else {
      this.flush();
      this.out.write(chunk);
    }
    return true;
  }
  flush(): void {
    if (this.pending === '') return;
    this.out.write(this.pending);
    this.pending = '';
  }
  end(): void {
    this.flush();
    this.out.end();
  }
  on(event: string, listener: (...args: unknown[]) => void): this {
    this.out.on(event, listener);
    return this;
  }
  destroy(error?: Error): void {
    this.pending = '';
    this.out.destroy(error);
  }
}
