import type { ResultState } from '@borlette/shared/contracts/results';
import type { Tone } from '../../../lib/tone';

/** The colour of a result's state on the board. */
export const STATE_TONE: Record<ResultState, Tone> = {
  waiting: 'grey',
  late: 'warning',
  provisional: 'info',
  confirmed: 'success',
  conflict: 'error',
  manual: 'secondary',
  day_off: 'grey',
};
