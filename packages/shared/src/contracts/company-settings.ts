import '../zod-setup';
import { MAX_AMOUNT } from './engine-common';

/**
 * The platform's hard ceilings: a company's own settings may be lower, never higher. They keep every
 * ticket's figures, and any sum of a few thousand of them, far inside exact integer arithmetic.
 */
export const PLATFORM_CEILINGS = {
  /** Bet lines on one ticket. */
  ticketLines: 100,
  /** Draws one ticket covers. */
  ticketDraws: 20,
  /** Stake of one line, centimes (10 000 000 HTG). */
  lineStake: MAX_AMOUNT,
  /** Potential payout of one ticket (every line winning its best prize on every draw), centimes. */
  ticketPayout: 1_000_000_000_000,
} as const;

/** domain.md's defaults for a new company. */
export const TICKET_SETTING_DEFAULTS = {
  ticket_max_lines: 100,
  ticket_max_draws: 20,
  line_max_stake: 10_000_000,
  ticket_max_payout: 10_000_000_000,
} as const;
