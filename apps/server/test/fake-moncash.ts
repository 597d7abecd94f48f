import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for MonCash's REST API (the same paths and answers as the real one, on a random
 * port), so that the whole online payment flow runs end to end in tests without the internet:
 *
 *   POST {api}/oauth/token                    Basic client_id:secret, form scope=read,write&grant_type=client_credentials
 *   POST {api}/v1/CreatePayment               Bearer; { amount, orderId } -> { payment_token: { token } } (202)
 *   GET  {gateway}/Payment/Redirect?token=…   the payer's page
 *   POST {api}/v1/RetrieveTransactionPayment  Bearer; { transactionId } -> { payment: { reference, transaction_id, cost, message, payer } }
 *   POST {api}/v1/RetrieveOrderPayment        Bearer; { orderId } -> the same
 *
 * `complete(token)` plays the payer paying on the gateway page: it answers the transactionId that
 * MonCash puts on the return URL. Access tokens live 59 s like the real ones; `rejectTokens(true)`
 * makes MonCash refuse every access token (401), as it does an expired or forged one.
 */

export interface FakePayment {
  token: string;
  orderId: string;
  amount: number;
  transactionId: string | null;
  cost: number | null;
  payer: string | null;
}

export interface FakeMoncash {
  apiUrl: string;
  gatewayUrl: string;
  clientId: string;
  clientSecret: string;
  payments: FakePayment[];
  /** Every request received: method, path and whether its credentials were accepted. */
  calls: { method: string; path: string; accepted: boolean }[];
  /** The payer pays the payment of `token` (optionally another amount): the transactionId of the return URL. */
  complete(token: string, opts?: { cost?: number; payer?: string }): string;
  /** The payment token of the last CreatePayment. */
  lastToken(): string;
  rejectTokens(on: boolean): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeMoncash(opts: { clientId?: string; clientSecret?: string } = {}): Promise<FakeMoncash> {
  const clientId = opts.clientId ?? 'fake-client-id';
  const clientSecret = opts.clientSecret ?? 'fake-client-secret';
  const tokens = new Map<string, number>(); // access token -> expiry (ms)
  const payments: FakePayment[] = [];
  const calls: FakeMoncash['calls'] = [];
  let rejecting = false;

  const bearerOk = (req: IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const exp = m ? tokens.get(m[1]) : undefined;
    return !rejecting && exp !== undefined && exp > Date.now();
  };
  const answerPayment = (res: ServerResponse, path: string, p: FakePayment | undefined) => {
    if (!p?.transactionId) {
      return json(res, 404, { status: 404, error: 'Not Found', message: 'Transaction not found', path });
    }
    json(res, 200, {
      path,
      payment: {
        reference: p.orderId,
        transaction_id: p.transactionId,
        cost: p.cost,
        message: 'successful',
        payer: p.payer,
      },
      timestamp: Date.now(),
      status: 200,
    });
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const record = (accepted: boolean) => calls.push({ method: req.method ?? '', path: url.pathname, accepted });

    if (req.method === 'POST' && url.pathname === '/Api/oauth/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const form = new URLSearchParams(body);
      const ok =
        req.headers.authorization === expected &&
        form.get('grant_type') === 'client_credentials' &&
        form.get('scope') === 'read,write';
      record(ok);
      if (!ok) return json(res, 401, { error: 'unauthorized', error_description: 'Bad credentials' });
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, Date.now() + 59_000);
      return json(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 59,
        scope: 'read,write',
        jti: randomBytes(8).toString('hex'),
      });
    }

    if (req.method === 'POST' && url.pathname.startsWith('/Api/v1/')) {
      const ok = bearerOk(req);
      record(ok);
      if (!ok) return json(res, 401, { error: 'invalid_token', error_description: 'Invalid access token' });
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body);
      } catch {
        return json(res, 400, { status: 400, error: 'Bad Request', message: 'Invalid JSON' });
      }
      if (url.pathname === '/Api/v1/CreatePayment') {
        const amount = Number(input.amount);
        const orderId = String(input.orderId ?? '');
        if (!(amount > 0) || !orderId)
          return json(res, 400, { status: 400, error: 'Bad Request', message: 'amount, orderId' });
        if (payments.some((p) => p.orderId === orderId)) {
          return json(res, 409, { status: 409, error: 'Conflict', message: 'orderId already used' });
        }
        const token = randomBytes(32).toString('base64url');
        payments.push({ token, orderId, amount, transactionId: null, cost: null, payer: null });
        const now = new Date();
        return json(res, 202, {
          mode: 'sandbox',
          path: '/Api/v1/CreatePayment',
          payment_token: {
            expired: new Date(now.getTime() + 600_000).toISOString(),
            created: now.toISOString(),
            token,
          },
          timestamp: now.getTime(),
          status: 202,
        });
      }
      if (url.pathname === '/Api/v1/RetrieveTransactionPayment') {
        const id = String(input.transactionId ?? '');
        return answerPayment(
          res,
          url.pathname,
          payments.find((p) => p.transactionId === id),
        );
      }
      if (url.pathname === '/Api/v1/RetrieveOrderPayment') {
        const id = String(input.orderId ?? '');
        return answerPayment(
          res,
          url.pathname,
          payments.find((p) => p.orderId === id),
        );
      }
      return json(res, 404, { status: 404, error: 'Not Found' });
    }

    if (req.method === 'GET' && url.pathname === '/Moncash-middleware/Payment/Redirect') {
      const p = payments.find((x) => x.token === url.searchParams.get('token'));
      record(Boolean(p));
      res.writeHead(p ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(p ? `<h1>MonCash (fake)</h1><p>${p.amount} HTG</p>` : '<h1>Token invalide</h1>');
    }
    record(false);
    json(res, 404, { status: 404, error: 'Not Found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    apiUrl: `${base}/Api`,
    gatewayUrl: `${base}/Moncash-middleware`,
    clientId,
    clientSecret,
    payments,
    calls,
    complete(token, o = {}) {
      const p = payments.find((x) => x.token === token);
      if (!p) throw new Error('unknown payment token');
      p.transactionId ??= String(2_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
      p.cost = o.cost ?? p.amount;
      p.payer = o.payer ?? '50937000000';
      return p.transactionId;
    },
    lastToken() {
      const last = payments.at(-1);
      if (!last) throw new Error('no payment created');
      return last.token;
    },
    rejectTokens(on) {
      rejecting = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
