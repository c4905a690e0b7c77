import pg from 'pg';
import type { BuiltApp } from './app';
import type { AppConfig } from './config';
import { releaseAbandonedReservations } from './modules/credits/credits.service';

/** The advisory lock key of "an instance is running on this database" (shared: one per instance; exclusive: alone). */
const INSTANCES_LOCK = 30_041;

/**
 * Start-up after a crash (decisions 041, 046): answers a dead process left `streaming` keep their
 * text up to its last flush and become `interrupted`, charged what that flush recorded (once: the
 * claim and the charge are one unit, the ledger has one usage row per answer); the charges settle
 * their reservations and the other credits the dead process held are released.
 *
 * Who may do it: embedded, the process is alone (the data directory's lock). On a server, every
 * instance holds a shared advisory lock on one key for its whole life, on a connection of its
 * own; an instance that gets the key exclusively at start is alone — every streaming answer and
 * every reservation is then a dead process's. Otherwise the others are alive and it touches only
 * answers whose owner is gone: with Redis, those announced by instances no longer alive (the live
 * channel does that when it starts); their reservations expire by themselves (15 minutes).
 * The lock goes with the process: its connection closes when it exits (or is killed).
 */
export async function recoverAtStart(config: AppConfig, built: BuiltApp, log: (line: string) => void): Promise<void> {
  const report = (answers: number, reservations: number) => {
    if (answers > 0) log(`${answers} answer(s) interrupted by the last shutdown kept as interrupted and charged what was streamed.`);
    if (reservations > 0) log(`${reservations} credit reservation(s) of a stopped process released.`);
  };
  if (config.database.kind === 'pglite') {
    report(await built.jobs.recoverInterrupted(), 0);
    return;
  }
  const presence = new pg.Client({ connectionString: config.database.url });
  await presence.connect();
  // A lost presence connection only weakens a later start's "alone" check: log it, keep serving.
  presence.on('error', (err) => log(`instance presence connection lost (${err.message})`));
  const { rows } = await presence.query<{ alone: boolean }>('select pg_try_advisory_lock($1) as alone', [INSTANCES_LOCK]);
  if (rows[0]?.alone) {
    report(await built.jobs.recoverInterrupted(), await releaseAbandonedReservations(built.database.asOwner()));
  }
  await presence.query('select pg_advisory_lock_shared($1)', [INSTANCES_LOCK]);
  if (rows[0]?.alone) await presence.query('select pg_advisory_unlock($1)', [INSTANCES_LOCK]);
}
