import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/Database';

/** What every route module gets: the database, the settings and the clock. */
export interface AppContext {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
}
