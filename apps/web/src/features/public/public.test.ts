import { afterEach, describe, expect, it, vi } from 'vitest';
import de from '../../locales/de/public.json';
import en from '../../locales/en/public.json';
import fr from '../../locales/fr/public.json';
import ht from '../../locales/ht/public.json';
import { ContactError, sendContact } from './api/contact';
import { FAQ_KEYS, FAQ_TEASER_KEYS, LOTTERIES, PUBLIC_LANGUAGES } from './constants';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    if (typeof v === 'string') acc[`${prefix}${k}`] = v;
    else Object.assign(acc, flatten(v, `${prefix}${k}.`));
    return acc;
  }, {});

const locales = { fr, en, de, ht } as Record<string, Tree>;
const flat = Object.fromEntries(Object.entries(locales).map(([l, t]) => [l, flatten(t)]));
const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();

describe('public.json', () => {
  it('has the same keys in fr, en, de and ht, none empty', () => {
    const keys = Object.keys(flat.fr).sort();
    for (const [lng, entries] of Object.entries(flat)) {
      expect(Object.keys(entries).sort(), lng).toEqual(keys);
      for (const [k, v] of Object.entries(entries)) expect(v.trim(), `${lng}:${k}`).not.toBe('');
    }
  });

  it('keeps the same interpolation placeholders in every language', () => {
    for (const [k, v] of Object.entries(flat.fr)) {
      for (const lng of ['en', 'de', 'ht']) expect(placeholders(flat[lng][k]), `${lng}:${k}`).toEqual(placeholders(v));
    }
  });

  it('has every key built from the constants', () => {
    const needed = [
      ...FAQ_KEYS.flatMap((k) => [`faqs.items.${k}.question`, `faqs.items.${k}.answer`]),
      ...LOTTERIES.map((l) => `landing.lotteries.${l}`),
      ...PUBLIC_LANGUAGES.map((l) => `languages.${l}`),
      ...['home', 'about', 'contact', 'faqs', 'login'].map((k) => `nav.${k}`),
    ];
    for (const k of needed) expect(flat.fr, k).toHaveProperty([k]);
    expect(FAQ_KEYS.length).toBeGreaterThanOrEqual(8);
    for (const k of FAQ_TEASER_KEYS) expect(FAQ_KEYS).toContain(k);
  });
});

describe('sendContact', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

  it('posts JSON to /api/public/contact without empty optional fields', async () => {
    const fetchMock = answer(200, { ok: true, id: 12 });
    vi.stubGlobal('fetch', fetchMock);
    const res = await sendContact({
      name: 'Jean',
      email: 'jean@example.ht',
      phone: '',
      subject: '',
      message: 'Bonjour !',
    });
    expect(res).toEqual({ ok: true, id: 12 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Jean', email: 'jean@example.ht', message: 'Bonjour !' });
  });

  it("rejects with the server's message and field messages", async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        statusCode: 400,
        code: 'VALIDATION',
        message: 'Données invalides',
        fields: { email: 'Adresse e-mail invalide' },
      }),
    );
    const err = await sendContact({ name: 'Jean', email: 'x@y.ht', message: 'Bonjour' }).catch((e) => e);
    expect(err).toBeInstanceOf(ContactError);
    expect(err.message).toBe('Données invalides');
    expect(err.fields).toEqual({ email: 'Adresse e-mail invalide' });
    expect(err.fromServer).toBe(true);
  });

  it('reports a network failure without a server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const err = await sendContact({ name: 'Jean', email: 'x@y.ht', message: 'Bonjour' }).catch((e) => e);
    expect(err).toBeInstanceOf(ContactError);
    expect(err.status).toBeNull();
    expect(err.fromServer).toBe(false);
  });
});
