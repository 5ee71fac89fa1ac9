import { openDatabase, type DatabaseHandle } from '../../db/client';
import { EmbeddedDatabaseInUse } from '../../db/embedded-lock';
import type { Config } from '../config';

/**
 * Opens the shop's database for an owner's command (`purpose`: "a backup"). On the embedded database
 * only one process at a time may open it: while the shop (or another command) has it open, the
 * command says so, names the process and what to do, and exits 1 having changed nothing.
 * `besideLiveShop`: on PostgreSQL the command may run while the shop does (a backup reads one
 * snapshot), which the refusal says.
 */
export async function openDatabaseForCommand(
  config: Config,
  purpose: string,
  {
    notDone,
    command,
    besideLiveShop = false,
  }: { notDone: string; command: string; besideLiveShop?: boolean },
): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, purpose });
  } catch (error) {
    if (!(error instanceof EmbeddedDatabaseInUse)) throw error;
    const { pid, purpose: holder } = error.holder;
    process.stderr.write(
      `${error.message} ${notDone}\n` +
        (holder === 'the shop'
          ? `Stop the shop first (Ctrl+C where it runs, or kill ${pid}), run ${command}, then start it again.` +
            (besideLiveShop ? ' On PostgreSQL (DATABASE_URL) it runs while the shop does.' : '') +
            '\n'
          : `Wait for it to finish (or stop it: kill ${pid}), then run ${command} again.\n`),
    );
    process.exit(1);
  }
}
