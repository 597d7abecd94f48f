/**
 * The receipt's verification code (issue 15): 8 symbols without 0/O nor 1/I, printed ABCD-EFGH. An
 * agent pays another seller's ticket with its number AND this code (or by scanning its QR code).
 */
import { VERIFICATION_ALPHABET, VERIFICATION_LENGTH } from '@borlette/shared/contracts/pos';

/** As printed on the receipt (ABCD-EFGH): the receipt model's formatting. */
export { formatVerificationCode } from '@borlette/shared/receipt/model';

const FORMAT = new RegExp(`^[${VERIFICATION_ALPHABET}]{${VERIFICATION_LENGTH}}$`);

export type CodeInput = { kind: 'empty' } | { kind: 'code'; code: string } | { kind: 'invalid' };

/** What was typed: any case, spaces and dashes ignored. */
export function readVerificationCode(raw: string): CodeInput {
  const code = raw.toUpperCase().replace(/[\s-]/g, '');
  if (!code) return { kind: 'empty' };
  return FORMAT.test(code) ? { kind: 'code', code } : { kind: 'invalid' };
}
