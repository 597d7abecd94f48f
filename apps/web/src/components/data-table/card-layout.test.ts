import { describe, expect, it } from 'vitest';
import { cardRole, cardSlots, sortChoices } from './card-layout';

describe('cardRole', () => {
  it('makes the first column the title, status/state the chip, right-aligned ones figures, the rest fields', () => {
    expect(cardRole({ id: 'number' }, 0)).toBe('title');
    expect(cardRole({ id: 'status' }, 3)).toBe('status');
    expect(cardRole({ id: 'state' }, 1)).toBe('status');
    expect(cardRole({ id: 'amount', align: 'right' }, 2)).toBe('amount');
    expect(cardRole({ id: 'agent' }, 1)).toBe('field');
    expect(cardRole({ id: 'total', align: 'center' }, 1)).toBe('field');
  });

  it('follows the role a column names, also for the first one', () => {
    expect(cardRole({ id: 'at', card: 'subtitle' }, 0)).toBe('subtitle');
    expect(cardRole({ id: 'status', card: 'field' }, 2)).toBe('field');
    expect(cardRole({ id: 'amount', align: 'right', card: 'hidden' }, 2)).toBe('hidden');
  });
});

describe('cardSlots', () => {
  it('places each column once, keeping their order within a slot', () => {
    const slots = cardSlots([
      { id: 'number' },
      { id: 'sold_at', card: 'subtitle' },
      { id: 'agent' },
      { id: 'amount', align: 'right' },
      { id: 'win', align: 'right' },
      { id: 'status' },
      { id: 'note', card: 'hidden' },
      { id: 'changes', card: 'wide' },
    ]);
    expect(slots.title?.id).toBe('number');
    expect(slots.subtitles.map((c) => c.id)).toEqual(['sold_at']);
    expect(slots.amounts.map((c) => c.id)).toEqual(['amount', 'win']);
    expect(slots.statuses.map((c) => c.id)).toEqual(['status']);
    expect(slots.fields.map((c) => c.id)).toEqual(['agent']);
    expect(slots.wide.map((c) => c.id)).toEqual(['changes']);
  });

  it('keeps one title: a second column asking for it becomes a field', () => {
    const slots = cardSlots([
      { id: 'at', card: 'subtitle' },
      { id: 'agent', card: 'title' },
      { id: 'kind', card: 'title' },
    ]);
    expect(slots.title?.id).toBe('agent');
    expect(slots.fields.map((c) => c.id)).toEqual(['kind']);
    expect(slots.subtitles.map((c) => c.id)).toEqual(['at']);
  });
});

describe('sortChoices', () => {
  it('lists the sortable columns with their card label', () => {
    expect(
      sortChoices([
        { header: 'a:columns.number', sortKey: 'number' },
        { header: 'a:columns.draws' },
        { header: 'a:columns.amount', cardLabel: 'a:card.amount', sortKey: 'amount' },
      ]),
    ).toEqual([
      { sortKey: 'number', label: 'a:columns.number' },
      { sortKey: 'amount', label: 'a:card.amount' },
    ]);
  });
});
