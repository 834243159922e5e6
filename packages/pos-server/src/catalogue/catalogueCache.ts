import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/Database';
import { type CatalogueItem, findCatalogueItem } from './findCatalogueItem';

/** What a sale looks up: an active entry of a store by type and SKU. */
export interface CatalogueQuery {
  store: string;
  type: 'PASS' | 'MERCHANDISE';
  sku: string;
}

/** Looks up a catalogue entry for the transaction `db` (see {@link CatalogueCache.lookup}). */
export type CatalogueLookup = (db: Db, query: CatalogueQuery) => Promise<CatalogueItem | undefined>;

/** At most this many entries are kept; beyond it the cache starts afresh (a venue sells far fewer). */
const MAX_ENTRIES = 10_000;

/**
 * The catalogue entries a server has read, for one catalogue version (`catalogue_version`, bumped by the database
 * in the transaction of every catalogue write, by any server or by hand: migration 0012).
 *
 * A sale reads the version inside its transaction first (checkout: in the same statement as its open shift), then
 * asks {@link lookup} with it. Entries are kept for the newest version seen only: a newer version empties the cache;
 * a transaction that read an older version (it began before a change another transaction committed) reads the
 * database directly and caches nothing. Because the version is read before the entries, an entry stored under
 * version V was read at V or later, so a sale that read V never gets a catalogue older than V; and a change commits
 * its rows and its new version together, so every sale that starts after it sees the new version and re-reads.
 *
 * Entries are shared between requests: treat them as read-only.
 */
export class CatalogueCache {
  private version = Number.NEGATIVE_INFINITY;
  private readonly entries = new Map<string, CatalogueItem | null>();

  /** Reads the version in `db` (a transaction): one statement. Checkout reads it with its shift instead. */
  static async readVersion(db: Db): Promise<number> {
    const row = await db
      .selectFrom('catalogue_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /**
   * Forgets every entry: called when a SQLite batch is lost (`db/groupCommit.ts`), since entries read from it, and
   * the version they were kept for, may be gone from the database (which can then count that version again).
   */
  forget(): void {
    this.version = Number.NEGATIVE_INFINITY;
    this.entries.clear();
  }

  /** A {@link CatalogueLookup} for transactions that read catalogue version `version`. */
  lookup(version: number): CatalogueLookup {
    return (db, query) => this.find(db, version, query);
  }

  private async find(db: Db, version: number, query: CatalogueQuery): Promise<CatalogueItem | undefined> {
    if (version > this.version) {
      this.version = version;
      this.entries.clear();
    }
    if (version < this.version) return findCatalogueItem(db, query);
    const key = `${query.store}\u0000${query.type}\u0000${query.sku}`;
    const cached = this.entries.get(key);
    if (cached !== undefined) return cached ?? undefined;
    const item = await findCatalogueItem(db, query);
    // Another request may have seen a newer version while this one read: then this entry is not the cache's.
    if (this.version === version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, item ?? null);
    }
    return item;
  }
}

const caches = new WeakMap<Kysely<Database>, CatalogueCache>();

/** The catalogue cache of a database handle: one per handle, shared by every app built on it. */
export function catalogueCacheOf(db: Kysely<Database>): CatalogueCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new CatalogueCache();
    caches.set(db, cache);
  }
  return cache;
}
