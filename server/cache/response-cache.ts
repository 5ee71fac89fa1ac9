import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { remembered } from './remembered';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli's quality for a kept answer (see encode). */
const BROTLI_QUALITY = 6;

export type Encoding = 'br' | 'gzip' | 'identity';

/** One cached answer: the bytes as rendered, and each compressed form made once, the first time asked. */
export interface CachedAnswer {
  key: string;
  version: number;
  expiresAt: number;
  etag: string;
  headers: Record<string, string>;
  body: Buffer;
  encoded: Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>;
  size: number;
  /** When it was last kept or moved to the newest end, counted in keeps and moves. */
  touched: number;
}

export interface ResponseCacheOptions {
  /** The longest an answer is kept, whatever happens: it bounds what a clock-driven change could leave. */
  maxAgeMs: number;
  maxEntries: number;
  maxBytes: number;
}

/** A weak validator of the content (every encoding of it shares it): W/"<sha1, base64url>". */
export function contentTag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether the client's If-None-Match names this answer (weak comparison, as RFC 9110 asks for GET). */
export function matchesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/** Browsers send a handful of Accept-Encoding values, each over and over: each is read once. */
const rememberedEncoding = remembered(readEncoding, 256);

/** The best compression the client takes: brotli, then gzip; `q=0` refuses one. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  return acceptEncoding ? rememberedEncoding(acceptEncoding) : 'identity';
}

function readEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/**
 * The catalogue's answers kept in this process's memory, each under the catalogue version it was
 * made from: a lookup finds an answer only while its version is the current one and it is young
 * enough. Least recently used answers go first when it is full (by count and by bytes).
 */
export class ResponseCache {
  readonly #entries = new Map<string, CachedAnswer>();
  readonly #pending = new Map<string, Promise<unknown>>();
  #bytes = 0;
  /** Keeps and moves so far: an answer's `touched` says how many came after it. */
  #clock = 0;

  constructor(private readonly options: ResponseCacheOptions) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string, version: number | null, now = Date.now()): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (version === null || entry.version !== version || entry.expiresAt <= now) {
      this.#delete(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order. An answer fewer than a quarter of the
    // entries from the newest end stays where it is: eviction takes from the other end, so it still
    // outlives at least three quarters of the entries' worth of new answers, and a popular answer
    // asked thousands of times a second is not taken out of the map and put back each time.
    if (this.#clock - entry.touched >= this.#entries.size / 4) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      entry.touched = ++this.#clock;
    }
    return entry;
  }

  /**
   * Keeps an answer made from catalogue version `version`. `staleAt` is a moment the answer turns
   * stale by time alone (a sale ending), if any.
   */
  set(
    key: string,
    version: number,
    answer: { headers: Record<string, string>; body: Buffer },
    staleAt: number | null = null,
    now = Date.now(),
  ): CachedAnswer {
    const expiresAt = Math.min(now + this.options.maxAgeMs, staleAt ?? Infinity);
    const entry: CachedAnswer = {
      key,
      version,
      expiresAt,
      etag: contentTag(answer.body),
      headers: answer.headers,
      body: answer.body,
      encoded: new Map(),
      size: answer.body.length + key.length,
      touched: ++this.#clock,
    };
    const previous = this.#entries.get(key);
    if (previous) this.#delete(key, previous);
    if (entry.size * 2 > this.options.maxBytes) return entry; // too big to keep: answered, not stored
    this.#entries.set(key, entry);
    this.#bytes += entry.size;
    this.#evict();
    return entry;
  }

  /**
   * The answer's bytes in `encoding`, compressed once and kept beside it. Brotli at quality 6: the
   * first shopper to ask waits for it. On a 60 KB product page quality 9 took 13.8 ms for 11,660
   * bytes, quality 6 1.2 ms for 11,735 (docs/benchmarks.md, first reads).
   */
  async encode(entry: CachedAnswer, encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return entry.body;
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotli(entry.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzip(entry.body, { level: 9 });
      entry.encoded.set(encoding, encoded);
      const buffer = await encoded;
      if (this.#entries.get(entry.key) === entry) {
        entry.size += buffer.length;
        this.#bytes += buffer.length;
        this.#evict();
      }
      return buffer;
    }
    return encoded;
  }

  /**
   * One fill at a time per key: a crowd asking for the same page right after a change waits for
   * the one rendering instead of rendering it sixteen times over.
   */
  async once<T>(key: string, fill: () => Promise<T>): Promise<{ value: T; shared: boolean }> {
    const pending = this.#pending.get(key) as Promise<T> | undefined;
    if (pending) return { value: await pending, shared: true };
    const promise = fill();
    this.#pending.set(key, promise);
    try {
      return { value: await promise, shared: false };
    } finally {
      this.#pending.delete(key);
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #delete(key: string, entry: CachedAnswer): void {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.options.maxEntries && this.#bytes <= this.options.maxBytes) break;
      this.#delete(key, entry);
    }
  }
}
