import { describe, expect, it } from 'vitest';
import {
  cleanPeriod,
  narrowed,
  PERIOD_SPEC,
  periodOf,
  periodParams,
  readUrlState,
  type UrlSpec,
  writeUrlState,
} from './url-state';

const url = (s: string) => new URLSearchParams(s);
const SPEC = {
  ...PERIOD_SPEC,
  choice: { param: 'filter_choice', type: ['agent', 'day'] },
} as const satisfies UrlSpec<string>;

describe('report filters in the URL', () => {
  it('reads valid values and drops malformed ones', () => {
    const s = readUrlState(
      url(
        'start_date=2027-03-01&end_date=2027-13-01&tirage_id=4&surcussale_id=x&agent_id=12&agent=Jean&filter_choice=day',
      ),
      SPEC,
    );
    expect(s).toEqual({
      start: '2027-03-01',
      end: '',
      tirage: '4',
      surcussale: '',
      agent: '12',
      agentLabel: 'Jean',
      choice: 'day',
    });
  });

  it('refuses an unknown choice, a zero or negative id and a label without its id', () => {
    const s = readUrlState(url('filter_choice=drop&tirage_id=0&surcussale_id=-3&agent=Jean'), SPEC);
    expect(s.choice).toBe('');
    expect(s.tirage).toBe('');
    expect(s.surcussale).toBe('');
    expect(s.agentLabel).toBe('');
  });

  it('cuts a long label', () => {
    expect(readUrlState(url(`agent_id=3&agent=${'x'.repeat(200)}`), SPEC).agentLabel).toHaveLength(80);
  });

  it('writes a patch, keeps other params, removes empty values and goes back to page 1', () => {
    const next = writeUrlState(url('search=abc&page=3&tirage_id=2'), SPEC, {
      tirage: '',
      agent: '7',
      agentLabel: 'Paul',
    });
    expect(next.get('search')).toBe('abc');
    expect(next.get('page')).toBeNull();
    expect(next.get('tirage_id')).toBeNull();
    expect(next.get('agent_id')).toBe('7');
    expect(next.get('agent')).toBe('Paul');
  });

  it('drops the label with its id', () => {
    const next = writeUrlState(url('agent_id=7&agent=Paul'), SPEC, { agent: '' });
    expect(next.toString()).toBe('');
  });

  it('keeps today out of the URL', () => {
    expect(cleanPeriod({ start: '2027-03-05', end: '2027-03-05' }, '2027-03-05')).toEqual({ start: '', end: '' });
    expect(cleanPeriod({ start: '2027-03-04', end: '2027-03-05' }, '2027-03-05')).toEqual({
      start: '2027-03-04',
      end: '2027-03-05',
    });
  });

  it('gives the period with today by default and says what is wrong', () => {
    expect(periodOf({ start: '', end: '' }, '2027-03-05')).toEqual({
      range: { start: '2027-03-05', end: '2027-03-05' },
      problem: null,
    });
    expect(periodOf({ start: '2027-03-06', end: '2027-03-01' }, '2027-03-05').problem).toBe('order');
    expect(periodOf({ start: '2025-01-01', end: '2027-03-01' }, '2027-03-05').problem).toBe('tooLong');
  });

  it('sends the API names, empty filters left out', () => {
    const s = readUrlState(url('tirage_id=4&agent_id=9&agent=Jo'), SPEC);
    expect(periodParams(s, { start: '2027-03-01', end: '2027-03-02' })).toEqual({
      start_date: '2027-03-01',
      end_date: '2027-03-02',
      tirage_id: '4',
      surcussale_id: undefined,
      agent_id: '9',
    });
    expect(narrowed(s, ['tirage', 'surcussale'])).toBe(true);
    expect(narrowed(s, ['surcussale'])).toBe(false);
  });
});
