/** What FlushedStrings writes to: a Node stream, or WholePage. */
type Destination = {
  write(chunk: Buffer): unknown;
  end(): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
  destroy(error?: Error): unknown;
};

/**
 * Strings are turned into bytes a group at a time, a group about this many characters. A page
 * joined whole and then encoded cost about a millisecond: one string of 50–100 K characters,
 * two bytes each as soon as a single one is beyond Latin-1 (a “ or a –), flattened from
 * thousands of pieces and then encoded. Groups of this size are built and encoded in a third
 * of that, and each string is encoded exactly once, whole (ADR 0077).
 */
const GROUP = 16 * 1024;

/**
 * Where React writes a page (ADR 0063): its many small strings are gathered, and each flush (the
 * shell, then each boundary that resolves) reaches the response as one write. React's Node
 * build instead encodes every string into bytes on its own, thousands a page, which cost a
 * long-tail page about a tenth of its render.
 */
export class FlushedStrings {
  private pending = '';
  private parts: Buffer[] = [];
  constructor(private readonly out: Destination) {}
  write(chunk: string | Uint8Array): boolean {
    if (typeof chunk === 'string') {
      this.pending += chunk;
      if (this.pending.length >= GROUP) this.encodePending();
    } else {
      this.encodePending();
      this.parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    return true;
  }
  flush(): void {
    this.encodePending();
    if (this.parts.length === 0) return;
    this.out.write(this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts));
    this.parts = [];
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
    this.parts = [];
    this.out.destroy(error);
  }
  private encodePending(): void {
    if (this.pending === '') return;
    this.parts.push(Buffer.from(this.pending, 'utf8'));
    this.pending = '';
  }
}

/**
 * A page gathered whole, for a reader that waits for all of it anyway (the page cache, a bot):
 * its bytes go to `done` once React ends it, with no stream between React and the reader
 * (ADR 0077). A render that fails after it began (React destroys its destination) goes to
 * `failed`, so the reader is never left waiting.
 */
export class WholePage {
  private parts: Buffer[] = [];
  private settled = false;
  constructor(
    private readonly done: (page: Buffer) => void,
    private readonly failed: (error: unknown) => void,
  ) {}
  write(chunk: Buffer): boolean {
    if (!this.settled) this.parts.push(chunk);
    return true;
  }
  end(): this {
    if (this.settled) return this;
    this.settled = true;
    const page = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    this.done(page);
    return this;
  }
  /** Nothing is ever emitted: no backpressure, no early close of a buffer in memory. */
  on(): this {
    return this;
  }
  destroy(error?: Error): this {
    if (this.settled) return this;
    this.settled = true;
    this.parts = [];
    this.failed(error ?? new Error('The page render was stopped before it ended'));
    return this;
  }
}
