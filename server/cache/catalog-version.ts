import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { getShopSettings, type ShopSettings } from '../../core/settings/shop-settings';

/** The channel the database announces each new catalogue version on (db/migrations/0012_catalog_cache.sql). */
export const CATALOG_CHANNEL = 'catalog_changed';

export interface CatalogVersion {
  /** The version a cached catalogue answer must carry to be served now; null while unknown (then nothing is cached). */
  current(): number | null;
  /**
   * The shop's settings as of the current version, read whenever the version moves (a change to a
   * setting moves it too), or null while the version is unknown: then read them from the database.
   */
  settings(): ShopSettings | null;
  /** When a cached answer turns stale by time alone (the flash sale ends: banners and prices change), or null. */
  staleAt(): number | null;
  /** Reads the version again: after this process's own write, before its answer leaves. */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  onError(error: unknown, message: string): void;
}

async function readVersion(database: DatabaseHandle): Promise<number> {
  const result = (await database.db.execute(sql`SELECT version FROM catalog_version`)) as {
    rows: { version: string | number }[];
  };
  const value = Number(result.rows[0]?.version);
  if (!Number.isSafeInteger(value)) throw new Error('The catalogue version could not be read.');
  return value;
}

/**
 * Follows the catalogue's version. Every change a shopper could see bumps it in the database inside
 * the changing transaction (triggers), which announces the new version on commit; this process
 * listens, and also reads it again after each of its own writes, so the next request after a change
 * never meets an answer cached before it. While the listening connection is down the version is
 * unknown and nothing is served from the cache: a missed announcement can never leave a stale answer.
 */
export async function watchCatalogVersion(
  database: DatabaseHandle,
  options: Options,
): Promise<CatalogVersion> {
  /** The newest version seen, read or announced; versions only grow. */
  let latest = 0;
  /** The version answers are served under: the newest, once the settings it needs are read. */
  let version: number | null = null;
  let listening = false;
  let outage = false;
  let saleEndsAt: number | null = null;
  let shopSettings: ShopSettings | null = null;

  async function adopt(next: number): Promise<void> {
    if (next < latest || (next === latest && version === next)) return;
    latest = next;
    version = null; // nothing cached under an older version is served from here on
    const shop = await getShopSettings(database.db);
    if (next !== latest) return; // a newer version came meanwhile: its own adopt finishes the job
    const ends = shop.flashSaleEndsAt ? new Date(shop.flashSaleEndsAt).getTime() : null;
    saleEndsAt = ends !== null && Number.isFinite(ends) ? ends : null;
    shopSettings = shop;
    version = next;
  }

  async function refresh(): Promise<void> {
    try {
      await adopt(await readVersion(database));
    } catch (error) {
      version = null;
      options.onError(error, 'the catalogue version could not be read: the cache is off until it can');
    }
  }

  const unlisten = await database.listen(CATALOG_CHANNEL, {
    onMessage(payload) {
      const next = Number(payload);
      if (!Number.isSafeInteger(next)) {
        version = null;
        void refresh();
        return;
      }
      void adopt(next).catch((error) => {
        version = null;
        options.onError(error, 'the shop settings could not be read after a catalogue change');
      });
    },
    onListening() {
      listening = true;
      outage = false;
      void refresh();
    },
    onLost(error) {
      listening = false;
      version = null;
      // Once per outage: a database that stays away would otherwise fill the log every second.
      if (outage) return;
      outage = true;
      options.onError(error, 'lost the catalogue change announcements: the cache is off until they are back');
    },
  });

  await refresh();

  return {
    current: () => (listening ? version : null),
    settings: () => (listening && version !== null ? shopSettings : null),
    staleAt: () => (saleEndsAt !== null && saleEndsAt > Date.now() ? saleEndsAt : null),
    refresh,
    close: unlisten,
  };
}
