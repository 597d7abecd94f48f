import { type contactListQuery, contactMessage } from '@borlette/shared/contracts/contact';
import type { SortKey } from '@borlette/shared/contracts/list';
import type { z } from 'zod';
import type { RawClient } from '../../db/client';
import { firstRow, isoTime, type Sql, sql } from '../../db/sql';
import { notFound } from '../../http/errors';
import type { ListSource } from '../_lib/list';

const COLUMNS = sql`m.id, m.name, m.email, m.phone, m.subject, m.message, m.handled,
  ${isoTime(sql`m.handled_at`)} AS handled_at, ${isoTime(sql`m.created_at`)} AS created_at`;
const FROM = sql`FROM contact_messages m`;

type Filters = z.output<typeof contactListQuery>;

/** The inbox of GET /api/generals/contacts (filter: handled or not). */
export function contactList(q: Filters): ListSource<typeof contactMessage, SortKey<typeof contactListQuery>> {
  const where: Sql[] = [];
  if (q.handled) where.push(sql`m.handled = ${q.handled === 'true'}`);
  return {
    row: contactMessage,
    select: COLUMNS,
    from: FROM,
    where,
    sortable: {
      created_at: sql`m.created_at`,
      name: sql`lower(m.name)`,
      email: sql`lower(m.email)`,
      handled: sql`m.handled`,
    },
    search: [sql`m.name`, sql`m.email`, sql`m.phone`, sql`m.subject`, sql`m.message`],
    tieBreaker: sql`m.id`,
  };
}

export async function getContactMessage(raw: RawClient, id: number) {
  const row = await firstRow(raw, contactMessage, sql`SELECT ${COLUMNS} ${FROM} WHERE m.id = ${id}`);
  if (!row) throw notFound('Message introuvable.');
  return row;
}
