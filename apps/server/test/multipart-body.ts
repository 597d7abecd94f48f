import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface FilePart {
  filename: string;
  data: Buffer;
  contentType?: string;
}

/** A multipart/form-data body for `app.inject`: text fields (arrays as `name[i]`) and files. */
export function multipartBody(
  fields: Record<string, string | number | boolean | (string | number)[] | null | undefined>,
  files: Record<string, FilePart> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----borlette${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  const text = (name: string, value: string) =>
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const [i, v] of value.entries()) text(`${name}[${i}]`, String(v));
    else text(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real small PNG (sharp), for upload tests. */
export function smallPng(width = 40, height = 30, color = { r: 200, g: 30, b: 60 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}
