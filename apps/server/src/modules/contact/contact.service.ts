import type { ContactRequest } from '@borlette/shared/contracts/contact';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { firstRow, oneRow, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { AppError, notFound } from '../../http/errors';
import { getContactMessage } from './contact-query';

const PER_HOUR = 5;

/** A message of the public form; 5 an hour per address at most. */
export async function sendContactMessage(database: Database, ctx: RequestContext, b: ContactRequest) {
  const { raw } = database;
  const recent = await oneRow(
    raw,
    z.object({ n: z.number() }),
    sql`SELECT count(*)::int AS n FROM contact_messages WHERE ip = ${ctx.ip} AND created_at > now() - interval '1 hour'`,
  );
  if (recent.n >= PER_HOUR) {
    throw new AppError(429, 'TOO_MANY_MESSAGES', 'Vous avez envoyé trop de messages. Réessayez dans une heure.');
  }
  const row = await oneRow(
    raw,
    z.object({ id: z.number() }),
    sql`INSERT INTO contact_messages (name, email, phone, subject, message, ip)
        VALUES (${b.name}, ${b.email}, ${b.phone || null}, ${b.subject || null}, ${b.message}, ${ctx.ip}) RETURNING id`,
  );
  await audit(raw, ctx, { action: 'create', entity: 'contact_message', entityId: row.id, companyId: null, after: b });
  return { ok: true as const, id: row.id };
}

/** Marks a message handled or not (audited when it changes). */
export async function markContactHandled(database: Database, ctx: RequestContext, id: number, handled: boolean) {
  // The change and its audit entry in one transaction; the row lock serialises parallel marks,
  // and `before` is the row as it was.
  await database.transaction(async (tx) => {
    const row = await firstRow(
      tx,
      z.object({ before: z.boolean() }),
      sql`UPDATE contact_messages m SET handled = ${handled},
                 handled_at = CASE WHEN ${handled} THEN coalesce(CASE WHEN m.handled THEN m.handled_at END, now()) END
            FROM (SELECT id, handled FROM contact_messages WHERE id = ${id} FOR UPDATE) old
           WHERE m.id = old.id RETURNING old.handled AS before`,
    );
    if (!row) throw notFound('Message introuvable.');
    if (row.before !== handled) {
      await audit(tx, ctx, {
        action: 'update',
        entity: 'contact_message',
        entityId: id,
        companyId: null,
        before: { handled: row.before },
        after: { handled },
      });
    }
  });
  return getContactMessage(database.raw, id);
}
