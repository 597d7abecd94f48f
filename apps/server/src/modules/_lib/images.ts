import sharp, { type OutputInfo } from 'sharp';
import { z } from 'zod';
import type { RawClient } from '../../db/client';
import { oneRow, sql } from '../../db/sql';
import { badRequest } from '../../http/errors';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 512;

/** Recognised by content, never by name. */
export function imageKind(data: Buffer): 'png' | 'jpeg' | 'webp' | 'gif' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 12 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString('ascii', 0, 6))) return 'gif';
  return null;
}

/**
 * Checks an uploaded image by its content, resizes it to at most 512x512 WebP and stores it.
 * Returns the public URL (unguessable id). `field` names the form field for error messages.
 * Nothing deletes the file by hand: when the record's column (users.photo, companies.logo,
 * messages.image, countries.flag) lets go of the URL, or the record is deleted, the triggers of
 * migration 0012 delete the file in the same transaction unless another record still names it.
 */
export async function storeImage(
  raw: RawClient,
  opts: { companyId: number | null; data: Buffer; field: string },
): Promise<string> {
  const { data, field } = opts;
  if (data.length > MAX_IMAGE_BYTES)
    throw badRequest('Image trop volumineuse (5 Mo au plus).', { [field]: 'Image trop volumineuse (5 Mo au plus).' });
  if (!imageKind(data)) {
    throw badRequest('Image PNG, JPEG, WebP ou GIF attendue.', {
      [field]: 'Image PNG, JPEG, WebP ou GIF attendue.',
    });
  }
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(data, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest('Image illisible ou corrompue.', { [field]: 'Image illisible ou corrompue.' });
  }
  const row = await oneRow(
    raw,
    z.object({ id: z.string() }),
    sql`INSERT INTO files (company_id, content_type, data, size, width, height)
        VALUES (${opts.companyId}, 'image/webp', ${out.data}, ${out.data.length}, ${out.info.width}, ${out.info.height})
        RETURNING id`,
  );
  return `/uploads/${row.id}.webp`;
}
