import type { RawClient } from '../../db/client';
import { execute, sql } from '../../db/sql';

/** The readiness probe's question to the database: does it answer a query at all. */
export const databaseAnswers = (raw: RawClient) => execute(raw, sql`SELECT 1`);
