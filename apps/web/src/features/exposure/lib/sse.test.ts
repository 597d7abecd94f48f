import { describe, expect, it } from 'vitest';
import { parseSse } from './sse';

describe('parseSse', () => {
  it('reads complete events, keeps the rest, skips comments and joins data lines', () => {
    const { events, rest } = parseSse(
      'retry: 2000\n\n: ping\n\nid: 7\nevent: board\ndata: {"a":1}\n\ndata: x\ndata: y\n\nevent: bo',
    );
    expect(events).toEqual([
      { event: 'message', data: '', retry: 2000 },
      { id: '7', event: 'board', data: '{"a":1}' },
      { event: 'message', data: 'x\ny' },
    ]);
    expect(rest).toBe('event: bo');
  });

  it('accepts CRLF line ends and a value without a space', () => {
    expect(parseSse('event:end\r\ndata:{"m":"x"}\r\n\r\n').events).toEqual([{ event: 'end', data: '{"m":"x"}' }]);
  });
});
