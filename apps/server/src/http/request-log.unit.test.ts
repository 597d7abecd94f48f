import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { chooseLogFormat, prettyLogStream } from './request-log';

describe('log format', () => {
  it('is readable on a terminal outside production, JSON otherwise, LOG_FORMAT first', () => {
    expect(chooseLogFormat({ env: 'development', isTTY: true })).toBe('pretty');
    expect(chooseLogFormat({ env: 'development', isTTY: false })).toBe('json');
    expect(chooseLogFormat({ env: 'production', isTTY: true })).toBe('json');
    expect(chooseLogFormat({ given: 'json', env: 'development', isTTY: true })).toBe('json');
    expect(chooseLogFormat({ given: 'pretty', env: 'production', isTTY: false })).toBe('pretty');
  });

  it('prints a request as one plain line: time, level, method, path, status, duration, who', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d: Buffer) => {
      text += d.toString();
    });
    // Fastify's own logger (pino), as the server builds it.
    const { log } = Fastify({ logger: { level: 'info', stream: prettyLogStream(out, false) } });
    log
      .child({ reqId: 'abc-123' })
      .info(
        { method: 'GET', path: '/api/fiches', status: 200, ms: 12, userId: 7, user: 'agent1', companyId: 3 },
        'GET /api/fiches 200 12 ms',
      );
    log.info(
      { method: 'POST', path: '/api/user/auth/login', status: 401, ms: 3 },
      'POST /api/user/auth/login 401 3 ms',
    );
    const lines = text.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/fiches 200 12 ms — agent1 \(compagnie 3\)$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: POST \/api\/user\/auth\/login 401 3 ms$/),
    ]);
  });
});
