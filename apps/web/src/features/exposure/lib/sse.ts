/** One server-sent event (text/event-stream), as the browser's EventSource would hand it. */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  /** The server's `retry:` (ms), when the block carried one. */
  retry?: number;
}

/**
 * Splits what arrived so far into complete events (blocks ended by a blank line) and the rest, per the
 * HTML spec's parsing: `field: value` lines, comments (`:`) ignored, several `data:` lines joined by
 * « \n », the event name `message` by default.
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const text = buffer.replace(/\r\n?/g, '\n');
  const events: SseEvent[] = [];
  let start = 0;
  for (let end = text.indexOf('\n\n', start); end >= 0; end = text.indexOf('\n\n', start)) {
    const block = text.slice(start, end);
    start = end + 2;
    const data: string[] = [];
    const e: SseEvent = { event: 'message', data: '' };
    let any = false;
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
      else if (field === 'event') e.event = value;
      else if (field === 'id') e.id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) e.retry = Number(value);
      else continue;
      any = true;
    }
    if (!any) continue;
    e.data = data.join('\n');
    events.push(e);
  }
  return { events, rest: text.slice(start) };
}
