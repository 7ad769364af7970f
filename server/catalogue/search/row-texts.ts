/**
 * How many events' rows a snapshot keeps as text (ADR 0069): about 2.5 KB each, so a
 * catalogue of 100,000 upcoming events, the medium demo's, is kept whole in about 250 MB; a
 * larger one keeps its most popular and reads the rest from the database.
 */
export const ROW_TEXTS = 100_000;

/** Bytes a chunk holds: rows are written one after another into the newest. */
const CHUNK = 8 * 1024 * 1024;
/** Bytes written before each text: its length. */
const HEADER = 4;

/**
 * Texts by id, written into large buffers outside the collector's heap (ADR 0069): a
 * snapshot keeps 100,000 event rows, about 250 MB, and as strings they were 100,000 objects
 * in the old generation that every full collection marked and moved, which doubled its
 * pauses on the request thread. Here the collector sees a few buffers and one map of numbers.
 *
 * Written once, read many times: a text written again for the same id (read after a patch)
 * takes new room, and the room of the old one is given back with the whole snapshot, when a
 * newer one replaces it. Past `maxBytes` written, nothing more is kept.
 */
export class RowTexts {
  private readonly chunks: Buffer[] = [];
  /** Bytes used in the newest chunk. */
  private used = CHUNK;
  /** Where each id's text starts: chunk × CHUNK + offset. */
  private readonly at = new Map<string, number>();
  /** Set once `maxBytes` refused a text. */
  private spent = false;

  constructor(
    /** Ids kept at most. */
    readonly capacity: number,
    /** Bytes written at most, rewritten texts included (rounded up to a whole buffer). */
    readonly maxBytes = capacity * 4096,
  ) {}

  get size(): number {
    return this.at.size;
  }

  /** Whether a new id would still be kept. */
  get full(): boolean {
    return this.spent || this.at.size >= this.capacity;
  }

  has(id: string): boolean {
    return this.at.has(id);
  }

  get(id: string): string | undefined {
    const at = this.at.get(id);
    if (at === undefined) return undefined;
    const chunk = this.chunks[Math.floor(at / CHUNK)]!;
    const start = (at % CHUNK) + HEADER;
    return chunk.toString('utf8', start, start + chunk.readUInt32LE(start - HEADER));
  }

  /** Keeps `text` for `id` while there is room; says whether it did. */
  set(id: string, text: string): boolean {
    if (!this.at.has(id) && this.at.size >= this.capacity) return false;
    const length = Buffer.byteLength(text);
    if (length + HEADER > CHUNK) return false;
    if (this.used + HEADER + length > CHUNK) {
      if (this.chunks.length * CHUNK >= this.maxBytes) {
        this.spent = true;
        return false;
      }
      this.chunks.push(Buffer.allocUnsafeSlow(CHUNK));
      this.used = 0;
    }
    const chunk = this.chunks.length - 1;
    const buffer = this.chunks[chunk]!;
    buffer.writeUInt32LE(length, this.used);
    buffer.write(text, this.used + HEADER, 'utf8');
    this.at.set(id, chunk * CHUNK + this.used);
    this.used += HEADER + length;
    return true;
  }

  delete(id: string): void {
    this.at.delete(id);
  }
}
