import type { ExposureLevel } from '@borlette/shared/contracts/exposure';
import type { Tone } from '../../../lib/tone';

/** The colour of a level on the board (lib/tone's palette: light and dark themes alike). */
export const LEVEL_TONE: Record<ExposureLevel, Tone> = {
  ok: 'success',
  warn: 'warning',
  hot: 'error',
  blocked: 'grey',
};
