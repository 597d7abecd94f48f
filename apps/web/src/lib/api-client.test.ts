import { describe, expect, it } from 'vitest';
import { ApiError, filenameFromDisposition } from './api-client';

describe('filenameFromDisposition', () => {
  it('reads the plain and the quoted forms', () => {
    expect(filenameFromDisposition('attachment; filename="succursales-2025-01-02.csv"')).toBe(
      'succursales-2025-01-02.csv',
    );
    expect(filenameFromDisposition('attachment; filename=export.csv')).toBe('export.csv');
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".csv"')).toBe('a "b".csv');
  });

  it('prefers the RFC 5987 form (accents)', () => {
    expect(
      filenameFromDisposition(`attachment; filename="succursales.csv"; filename*=UTF-8''succursales-p%C3%A9tion.csv`),
    ).toBe('succursales-pétion.csv');
  });

  it('never returns a path and handles absent headers', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/x.csv"')).toBe('.._.._etc_x.csv');
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.csv"`)).toBe('ok.csv');
  });
});

describe('ApiError', () => {
  it('carries the server body', () => {
    const e = new ApiError(409, {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Déjà pris',
      fields: { name: 'Déjà pris' },
    });
    expect([e.statusCode, e.code, e.message, e.fields]).toEqual([409, 'CONFLICT', 'Déjà pris', { name: 'Déjà pris' }]);
    expect(new ApiError(0, null).code).toBe('NETWORK_ERROR');
  });
});
