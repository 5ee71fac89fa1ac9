import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { saveImageVariants } from '../core/media/save-image-variants';
import { fileExists, writeAtomically } from '../core/media/files';
import { renderProductPixels, type RenderProductImageInput } from './images/render-product-image';

/**
 * The demo catalogue's pictures are drawn from their inputs alone (seed/images). Each is named by
 * a hash of its input and the drawing code, so its name is known before it is drawn: the seed
 * records every picture at once, draws the lead pictures before the shop opens, and leaves the
 * others to be drawn in the background, or on the first request for one (server/plugins/static-files.ts).
 */
const FOLDER = 'products';
const JOBS = path.join('.render-cache', 'jobs');

interface PictureJob {
  input: RenderProductImageInput;
}

export function pictureHash(input: RenderProductImageInput, fingerprint: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ ...input, fingerprint }))
    .digest('hex')
    .slice(0, 16);
}

/** Records what to draw under `hash`, for whichever process draws it first. */
export async function recordPictureJob(uploadDir: string, hash: string, input: RenderProductImageInput) {
  const directory = path.join(uploadDir, JOBS);
  await fs.mkdir(directory, { recursive: true });
  await writeAtomically(path.join(directory, `${hash}.json`), Buffer.from(JSON.stringify({ input })));
}

const drawing = new Map<string, Promise<boolean>>();

/**
 * At most two pictures are drawn at once in a process: a page asking for a dozen undrawn pictures
 * queues them instead of holding the event loop for all of them in one go.
 */
const MAX_DRAWING = 2;
let active = 0;
const waiting: (() => void)[] = [];

async function drawingSlot<T>(work: () => Promise<T>): Promise<T> {
  // A freed slot is handed straight to the next in line, so a newcomer never slips in between.
  if (active >= MAX_DRAWING) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  try {
    // Let the requests already waiting be answered before this drawing takes its turn.
    await new Promise((resolve) => setImmediate(resolve));
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

/**
 * Draws the recorded picture `hash` (its WebP widths, and its share picture for a lead picture)
 * unless it is on disk already. False when no such picture was recorded.
 */
export function drawPicture(uploadDir: string, hash: string): Promise<boolean> {
  const pending = drawing.get(hash);
  if (pending) return pending;
  const work = (async () => {
    if (await fileExists(path.join(uploadDir, FOLDER, `${hash}-1200.webp`))) return true;
    let job: PictureJob;
    try {
      job = JSON.parse(await fs.readFile(path.join(uploadDir, JOBS, `${hash}.json`), 'utf8')) as PictureJob;
    } catch {
      return false;
    }
    await drawingSlot(async () =>
      saveImageVariants(uploadDir, await renderProductPixels(job.input), {
        folder: FOLDER,
        hash,
        share: job.input.view === 0,
        effort: 2,
      }),
    );
    return true;
  })().finally(() => drawing.delete(hash));
  drawing.set(hash, work);
  return work;
}

/** The recorded pictures not yet on disk. */
export async function pendingPictures(uploadDir: string): Promise<string[]> {
  const names = await fs.readdir(path.join(uploadDir, JOBS)).catch(() => [] as string[]);
  const pending: string[] = [];
  for (const name of names) {
    const hash = /^([0-9a-f]{16})\.json$/.exec(name)?.[1];
    if (hash && !(await fileExists(path.join(uploadDir, FOLDER, `${hash}-1200.webp`)))) pending.push(hash);
  }
  return pending;
}

/** Draws every recorded picture not yet on disk, one at a time so the shop keeps answering meanwhile. */
export async function drawPendingPictures(uploadDir: string): Promise<number> {
  let drawn = 0;
  for (const hash of await pendingPictures(uploadDir)) if (await drawPicture(uploadDir, hash)) drawn++;
  return drawn;
}
