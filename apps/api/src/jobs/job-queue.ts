import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';

/** Hands work to the job workers (pg-boss): a queue name and its data. Whichever instance runs workers picks it up. */
export interface JobQueue {
  /**
   * Answers the job's id, or null when the queue does not exist yet (no instance has started its workers) or, on a
   * queue of policy `short`, when a job with the same `singletonKey` already waits.
   */
  send(name: string, data: Record<string, unknown>, options?: TSendOptions): Promise<string | null>;
}

interface TSendOptions {
  /** Not before this time (a drop round's opening). */
  startAfter?: Date;
  /** At most one waiting job per key on a queue of policy `short` (one per round, however many ask). */
  singletonKey?: string;
}

/** The schema pg-boss keeps its queues in, shared by the scheduler and every sender. */
export const JOB_SCHEMA = 'pgboss';

/**
 * Sends through pg-boss's own insert on our connection, without starting it: an instance with JOBS_ENABLED=false
 * still hands work to the instances that run workers. Work that must not be lost is also recorded in the caller's
 * own tables and swept up again by a recurring job (a drop left PUBLISHING, say), so a send is never the only record.
 */
export function pgBossJobQueue(database: Database): JobQueue {
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, schema: JOB_SCHEMA });
  return {
    async send(name, data, options) {
      try {
        return await boss.send(name, data, options ?? {});
      } catch (error) {
        // 42P01 undefined_table: no instance ever started pg-boss on this database, so there is no queue to join.
        if ((error as { code?: unknown }).code === '42P01') return null;
        throw error;
      }
    },
  };
}

/** Sends nowhere: the demo seed, command-line tools and tests that run no workers. */
export const idleJobQueue: JobQueue = { send: async () => null };
