/** What the server accepts for images (docs/conventions.md: PNG, JPEG, WebP, GIF, ≤ 5 MB). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const EXTENSIONS = /\.(png|jpe?g|webp|gif)$/i;

export type ImageProblem = 'type' | 'size' | 'empty';

/**
 * Client-side check before upload (the server checks the bytes again). Some systems give no MIME
 * type: the extension decides then.
 */
export function checkImageFile(file: { name: string; type: string; size: number }): ImageProblem | null {
  const typeOk = file.type ? (IMAGE_TYPES as readonly string[]).includes(file.type) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > IMAGE_MAX_BYTES) return 'size';
  return null;
}
