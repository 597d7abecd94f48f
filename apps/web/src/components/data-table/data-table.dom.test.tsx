import { allow, endpoint } from '@borlette/shared/endpoint';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { location, phoneViewport, renderPage, stubFetch } from '../../../test/render';
import { DataTable } from './data-table';
import type { DataTableProps } from './types';

interface Row {
  id: number;
  name: string;
  amount: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Alice', amount: '12,50' },
  { id: 2, name: 'Bruno', amount: '3,00' },
];
const URL_LIST = '/api/companies/list-test';
const LIST = endpoint({
  method: 'GET',
  path: URL_LIST,
  tag: 'test',
  summary: 'Une liste de test',
  access: allow.signedIn(['company']),
  response: null,
});

/** A list endpoint: `count` rows in all, the page asked echoed back. */
const page = (url: URL, count = ROWS.length, results: Row[] = ROWS) => ({
  body: { results, count, page: Number(url.searchParams.get('page')), page_size: 25 },
});

function table(props: Partial<DataTableProps<Row>> = {}) {
  return (
    <DataTable<Row>
      queryKey={['test']}
      endpoint={LIST}
      columns={[
        { id: 'name', header: 'Nom', sortKey: 'name' },
        { id: 'amount', header: 'Montant', align: 'right' },
      ]}
      rowKey={(r) => r.id}
      rowLabel={(r) => `Actions de ${r.name}`}
      ariaLabel="Liste de test"
      {...props}
    />
  );
}

/** The query of the n-th call (0-based; -1 = the last). */
const query = (fetch: ReturnType<typeof stubFetch>, n = -1) =>
  new URL(String(fetch.mock.calls.at(n)?.[0]), 'http://localhost').searchParams;

describe('DataTable (server list)', () => {
  it('asks the first page and shows its rows and the count', async () => {
    const fetch = stubFetch((url) => page(url));
    renderPage(table());
    expect(await screen.findByRole('cell', { name: 'Alice' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '12,50' })).toBeTruthy();
    expect(screen.getByText('1–2 sur 2')).toBeTruthy();
    expect(Object.fromEntries(query(fetch))).toEqual({ page: '1', page_size: '25' });
  });

  it('pages on the server and keeps the page in the URL', async () => {
    const fetch = stubFetch((url) => page(url, 60));
    renderPage(table());
    await screen.findByRole('cell', { name: 'Alice' });
    await userEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(query(fetch).get('page')).toBe('2'));
    expect(location.current).toBe('/list?page=2');
    expect(await screen.findByText('26–50 sur 60')).toBeTruthy();
  });

  it('sorts by a column on the server: ascending, then descending', async () => {
    const fetch = stubFetch((url) => page(url));
    renderPage(table());
    await screen.findByRole('cell', { name: 'Alice' });
    await userEvent.click(screen.getByRole('button', { name: 'Nom' }));
    await waitFor(() => expect(query(fetch).get('order')).toBe('asc'));
    expect(query(fetch).get('sort')).toBe('name');
    await userEvent.click(screen.getByRole('button', { name: 'Nom' }));
    await waitFor(() => expect(query(fetch).get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Nom/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('searches once typing pauses, from page 1', async () => {
    const fetch = stubFetch((url) => page(url, 60));
    renderPage(table(), { route: '/list?page=2' });
    await screen.findByRole('cell', { name: 'Alice' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'ali');
    await waitFor(() => expect(query(fetch).get('search')).toBe('ali'));
    expect(query(fetch).get('page')).toBe('1');
    // One request for the whole word, not one per letter.
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('search=')).length).toBe(1);
  });

  it('shows placeholder rows while the first page loads', async () => {
    stubFetch(() => new Promise(() => {}));
    renderPage(table());
    const grid = screen.getByRole('table', { name: 'Liste de test' });
    expect(grid.getAttribute('aria-busy')).toBe('true');
    expect(grid.querySelectorAll('tbody tr[aria-hidden="true"]').length).toBe(2 + 3);
    expect(screen.queryByRole('cell', { name: 'Alice' })).toBeNull();
  });

  it('says the list is empty, with the page’s own call to action', async () => {
    stubFetch((url) => page(url, 0, []));
    renderPage(table({ empty: { title: 'Aucune succursale', action: <button type="button">Nouvelle</button> } }));
    expect(await screen.findByText('Aucune succursale')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouvelle' })).toBeTruthy();
  });

  it('offers to clear a search that matches nothing', async () => {
    const fetch = stubFetch((url) => (url.searchParams.has('search') ? page(url, 0, []) : page(url)));
    renderPage(table(), { route: '/list?search=zzz' });
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Effacer la recherche et les filtres' }));
    expect(await screen.findByRole('cell', { name: 'Alice' })).toBeTruthy();
    expect(query(fetch).has('search')).toBe(false);
  });

  it('shows the server’s message on an error and retries', async () => {
    let fail = true;
    stubFetch((url) => (fail ? { status: 500, body: { message: 'Base indisponible' } } : page(url)));
    renderPage(table());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Impossible de charger la liste')).toBeTruthy();
    expect(within(alert).getByText('Base indisponible')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('cell', { name: 'Alice' })).toBeTruthy();
  });

  it('says the server does not answer when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderPage(table());
    expect(await screen.findByText('Le serveur ne répond pas. Vérifiez la connexion.')).toBeTruthy();
  });

  it('runs a row action from the row’s menu', async () => {
    stubFetch((url) => page(url));
    const edit = vi.fn();
    renderPage(table({ rowActions: (r) => [{ key: 'edit', label: 'Modifier', onClick: () => edit(r.id) }] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions de Bruno' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    expect(edit).toHaveBeenCalledWith(2);
  });

  it('opens a row on click when asked', async () => {
    stubFetch((url) => page(url));
    const open = vi.fn();
    renderPage(table({ onRowClick: (r) => open(r.name) }));
    await userEvent.click(await screen.findByRole('cell', { name: '3,00' }));
    expect(open).toHaveBeenCalledWith('Bruno');
  });
});

describe('DataTable CSV export', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('downloads every matching row under the server’s file name', async () => {
    const fetch = stubFetch((url) =>
      url.searchParams.get('format') === 'csv'
        ? { body: 'name\nAlice\n', headers: { 'Content-Disposition': 'attachment; filename="vendeurs.csv"' } }
        : page(url),
    );
    renderPage(table({ csv: true }), { route: '/list?page=2&search=a' });
    await screen.findByRole('cell', { name: 'Alice' });
    await userEvent.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:csv', download: 'vendeurs.csv' }]));
    expect(Object.fromEntries(query(fetch))).toEqual({ search: 'a', format: 'csv' });
  });

  it('tells why an export failed', async () => {
    stubFetch((url) =>
      url.searchParams.get('format') === 'csv' ? { status: 403, body: { message: 'Permission refusée' } } : page(url),
    );
    renderPage(table({ csv: true }));
    await screen.findByRole('cell', { name: 'Alice' });
    await userEvent.click(screen.getByRole('button', { name: 'Exporter (CSV)' }));
    expect(await screen.findByText('Permission refusée')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('has no export button unless asked', async () => {
    stubFetch((url) => page(url));
    renderPage(table());
    await screen.findByRole('cell', { name: 'Alice' });
    expect(screen.queryByRole('button', { name: 'Exporter (CSV)' })).toBeNull();
  });
});

describe('DataTable on a phone', () => {
  it('shows one card per row, with its menu, instead of the table', async () => {
    phoneViewport();
    stubFetch((url) => page(url));
    const edit = vi.fn();
    renderPage(table({ rowActions: (r) => [{ key: 'edit', label: 'Modifier', onClick: () => edit(r.id) }] }));
    const list = await screen.findByRole('list', { name: 'Liste de test' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBe(2));
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getByText('Alice')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Actions de Alice' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Modifier' }));
    expect(edit).toHaveBeenCalledWith(1);
  });
});
