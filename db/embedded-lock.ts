import fs from 'node:fs';

/**
 * One process at a time may open an embedded (PGlite) database: a second one opening the same data
 * directory (a backup, a restore, a second shop) would write beside the first and can corrupt it,
 * and PGlite itself does not refuse. So whoever opens it first leaves a note beside it,
 * `DATA_DIR/pglite.lock` (pid, what it is, since when), and the next opener refuses while that
 * process lives. A note left by a process that is gone (killed, crashed, the machine restarted, or
 * its pid now another program's) is taken over.
 */

export interface LockHolder {
  pid: number;
  /** What holds it, as a person would say it: "the shop", "a backup". */
  purpose: string;
  /** When it opened the database (ISO). */
  since: string;
  /** Linux only: the process's start time (clock ticks since boot) and the boot, to tell a reused pid. */
  started?: string | undefined;
  boot?: string | undefined;
}

export class EmbeddedDatabaseInUse extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly directory: string,
  ) {
    const who =
      holder.purpose === 'the shop' ? 'The shop is running' : `${capitalise(holder.purpose)} is running`;
    super(
      `${who} (pid ${holder.pid}, since ${holder.since}) and has the embedded database in ${directory} open: ` +
        'only one process at a time may open it.',
    );
    this.name = 'EmbeddedDatabaseInUse';
  }
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The 22nd field of /proc/<pid>/stat (after the command name, which may hold spaces). */
function startTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .at(19);
}

const bootId = () => readProc('/proc/sys/kernel/random/boot_id');

function alive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it lives, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Another boot, or the same pid now started at another time: a new program has that pid.
  if (holder.boot && bootId() && holder.boot !== bootId()) return false;
  const now = startTime(holder.pid);
  if (holder.started && now && holder.started !== now) return false;
  return true;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid ?? 0) <= 0) return null;
    return {
      pid: parsed.pid!,
      purpose: typeof parsed.purpose === 'string' ? parsed.purpose : 'another process',
      since: typeof parsed.since === 'string' ? parsed.since : 'an unknown time',
      started: parsed.started,
      boot: parsed.boot,
    };
  } catch {
    return null;
  }
}

/** Opens held by this process, per lock file: one process may open its own database twice (tests). */
const held = new Map<string, number>();

/**
 * Takes `directory`'s lock for this process, or throws EmbeddedDatabaseInUse naming the live
 * process that holds it. Returns the release, which removes the note once this process's last
 * opener lets go (and at the latest when the process exits).
 */
export function lockEmbeddedDatabase(directory: string, purpose: string): () => void {
  const file = `${directory}.lock`;
  const mine = held.get(file);
  if (mine) {
    held.set(file, mine + 1);
    return once(() => release(file));
  }
  const note: LockHolder = {
    pid: process.pid,
    purpose,
    since: `${new Date().toISOString().slice(0, 19)}Z`,
    started: startTime(process.pid),
    boot: bootId(),
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(note)}\n`, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && alive(holder))
      throw new EmbeddedDatabaseInUse(holder, directory);
    // A note being written this very moment reads as nothing: look again before taking it over.
    if (!holder && attempt < 3) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (attempt > 5) throw new Error(`Could not take the lock ${file}`);
    fs.rmSync(file, { force: true });
  }
  held.set(file, 1);
  process.once('exit', () => {
    if (held.has(file)) removeIfMine(file);
  });
  return once(() => release(file));
}

function once(work: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    work();
  };
}

function release(file: string) {
  const count = (held.get(file) ?? 0) - 1;
  if (count > 0) {
    held.set(file, count);
    return;
  }
  held.delete(file);
  removeIfMine(file);
}

function removeIfMine(file: string) {
  if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
}
