import { describe, expect, it } from 'vitest';
import { readRefusal } from './refusal';

describe('readRefusal', () => {
  it('separates the ticket’s problems from the lines’ ones, and counts the refused lines', () => {
    const body = {
      statusCode: 409,
      code: 'TIRAGE_CLOSED',
      message: 'Le tirage A est fermé.',
      fields: { 'lines.0': 'Ligne 1 : x', 'lines.2': 'Ligne 3 : y Ligne 3 : z' },
      problems: [
        { code: 'TIRAGE_CLOSED', message: 'Le tirage A est fermé.', tirage_id: 4 },
        { code: 'BOULE_BLOCKED', message: 'Ligne 1 : x', line: 1 },
        { code: 'TICKET_LIMIT', message: 'La fiche dépasse la limite.' },
        { code: 'LIMIT_EXCEEDED', message: 'Ligne 3 : y', line: 3 },
        { code: 'LIMIT_EXCEEDED', message: 'Ligne 3 : z', line: 3 },
      ],
    };
    expect(readRefusal(body, body.message)).toEqual({
      general: ['Le tirage A est fermé.', 'La fiche dépasse la limite.'],
      lines: 2,
      codes: ['TIRAGE_CLOSED', 'BOULE_BLOCKED', 'TICKET_LIMIT', 'LIMIT_EXCEEDED'],
    });
  });

  it('reads an answer without the list: its message, unless it names a line', () => {
    expect(readRefusal({ statusCode: 403, code: 'AGENT_BLOCKED', message: 'Bloqué.' }, 'Bloqué.')).toEqual({
      general: ['Bloqué.'],
      lines: 0,
      codes: ['AGENT_BLOCKED'],
    });
    const line = {
      statusCode: 409,
      code: 'BOULE_BLOCKED',
      message: 'Ligne 1 : x',
      fields: { 'lines.0': 'Ligne 1 : x' },
    };
    expect(readRefusal(line, line.message)).toEqual({ general: [], lines: 1, codes: ['BOULE_BLOCKED'] });
    expect(readRefusal(null, 'Erreur.')).toEqual({ general: ['Erreur.'], lines: 0, codes: [] });
  });
});
