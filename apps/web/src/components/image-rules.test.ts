import { describe, expect, it } from 'vitest';
import { checkImageFile, IMAGE_MAX_BYTES } from './image-rules';

describe('checkImageFile', () => {
  it('accepts PNG, JPEG, WebP and GIF up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(checkImageFile({ name: 'a', type, size: 1000 })).toBeNull();
    }
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, empty and too large files', () => {
    expect(checkImageFile({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkImageFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('type');
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('size');
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 0 })).toBe('empty');
  });

  it('uses the extension when the system gives no type', () => {
    expect(checkImageFile({ name: 'photo.JPG', type: '', size: 10 })).toBeNull();
    expect(checkImageFile({ name: 'photo.heic', type: '', size: 10 })).toBe('type');
  });
});
