/**
 * Names typed by an admin (company, sub-branch, agent, draw) end up on the paper: whatever they hold,
 * they must print as text and never as printer commands. CP858's table (the encoder's) gives some
 * symbols the code page's low « graphic » slots, bytes 0x01–0x1F: ← is ESC, ↔ is GS, ◙ is LF, and
 * ► ¶ ☻ ☺ ◘ is DLE DC4 2 1 8, the printer's power-off.
 */
import { describe, expect, it } from 'vitest';
import { ORIGIN, SAMPLES } from './__golden__/sample-tickets';
import { ticketEscpos } from './escpos';
import { escposEncoder, printable } from './escpos-doc';
import { ticketReceipt } from './model';

const count = (bytes: Uint8Array, seq: number[]) => {
  const b = Buffer.from(bytes);
  let n = 0;
  for (let i = b.indexOf(Buffer.from(seq)); i >= 0; i = b.indexOf(Buffer.from(seq), i + 1)) n++;
  return n;
};

/** The bytes the encoder writes for a text, without its code page selection and line end. */
function textBytes(value: string): number[] {
  const empty = escposEncoder(58).encode().length;
  let bytes = Array.from(escposEncoder(58).text(value).encode().slice(empty));
  if (bytes[0] === 0x1b && bytes[1] === 0x74) bytes = bytes.slice(3);
  if (bytes.at(-1) === 0x0a) bytes = bytes.slice(0, -1);
  return bytes;
}

describe('ESC/POS: no printer command from a name', () => {
  it('no character of the BMP prints, once made printable, as a control byte', () => {
    const leaks: string[] = [];
    for (let start = 0; start < 0x10000; start += 16) {
      let chunk = '';
      for (let cp = start; cp < start + 16; cp++) if (cp < 0xd800 || cp >= 0xe000) chunk += String.fromCodePoint(cp);
      const bytes = textBytes(printable(chunk));
      if (bytes.some((b) => b < 0x20 || b === 0x7f)) {
        for (const ch of chunk) {
          if (textBytes(printable(ch)).some((b) => b < 0x20 || b === 0x7f))
            leaks.push(`U+${ch.codePointAt(0)!.toString(16)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('a ticket whose names hold ← ↔ ◙ ► ¶ ☻ ☺ ◘ • keeps one reset, one cut, no real-time command', () => {
    const evil = 'Acme ←@ ↔V0 ◙ ►¶☻☺◘ ►♦ • § ♪';
    const base = SAMPLES[Object.keys(SAMPLES)[0] as keyof typeof SAMPLES];
    const f = {
      ...base,
      company_name: evil,
      agent_name: evil,
      surcussale_name: evil,
      draws: base.draws.map((d) => ({ ...d, name: evil })),
    };
    for (const width of [58, 80] as const) {
      const bytes = ticketEscpos(ticketReceipt(f, ORIGIN, {}), width);
      expect(count(bytes, [0x1b, 0x40])).toBe(1);
      expect(count(bytes, [0x1d, 0x56])).toBe(1);
      expect(count(bytes, [0x10, 0x14])).toBe(0);
      expect(count(bytes, [0x10, 0x04])).toBe(0);
    }
  });

  it('keeps a readable stand-in for the bullet and the arrows', () => {
    expect(printable('a • b → c ← d')).toBe('a - b -> c <- d');
  });
});
