import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeApi, expectErrorBody } from '../../test/helpers';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';

describeApi('metrics (Prometheus text)', () => {
  const token = 'metrics-token-0123456789';
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop?.());

  it('counts requests per route template and status, latency, 5xx and sales; only with the token', async () => {
    const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent', metricsToken: token }) });
    try {
      for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/generals/facturations/123/pdf' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/agents/fiches', payload: {} })).statusCode).toBe(401);

      expectErrorBody(await app.inject({ url: '/api/metrics' }), 401);
      expectErrorBody(await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}x` } }), 401);
      const res = await app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toContain('borlette_http_requests_total{method="GET",route="/api/health",status="200"} 3');
      // The template, not the id: no label per record.
      expect(text).toContain('route="/api/generals/facturations/:id/pdf",status="401"} 1');
      expect(text).not.toContain('/api/generals/facturations/123/pdf');
      expect(text).toContain('borlette_sales_total{result="refused"} 1');
      expect(text).toMatch(/borlette_http_request_duration_seconds_count\{method="GET",route="\/api\/health"} 3/);
      expect(text).toContain('borlette_process_resident_memory_bytes');
      // The scrape itself is not counted.
      expect(text).not.toContain('route="/api/metrics"');
    } finally {
      await app.close();
    }
  });

  it('is not served without METRICS_TOKEN', async () => {
    const app = await buildApp({ database, config: testConfig({ webDist: '/nonexistent' }) });
    try {
      expectErrorBody(
        await app.inject({ url: '/api/metrics', headers: { authorization: 'Bearer anything-at-all-123' } }),
        404,
      );
    } finally {
      await app.close();
    }
  });
});
