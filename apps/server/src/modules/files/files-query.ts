import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, rawSql, sql } from '../../db/sql';

const fileRow = z.object({ data: z.instanceof(Uint8Array).nullable(), content_type: z.string() });

/**
 * A stored file by id, or undefined. `withData: false` (a cache revalidating) reads its type only:
 * the key lookup without the bytes.
 */
export function findFile(raw: RawClient, id: string, withData: boolean) {
  return firstRow(
    raw,
    fileRow,
    sql`SELECT ${rawSql(withData ? 'data' : 'NULL')} AS data, content_type FROM files WHERE id = ${id}`,
  );
}
