import { describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api-client';
import { toFormData } from './form-data';
import { applyServerErrors, mapServerErrors } from './server-errors';

const known = ['name', 'phone', 'city_id', 'supervisors'];

describe('server errors -> form', () => {
  it('puts a 409 field message on its input and does not repeat it in the Alert', () => {
    const error = new ApiError(409, {
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Ce nom est déjà pris.',
      fields: { name: 'Ce nom est déjà pris.' },
    });
    expect(mapServerErrors(error, known)).toEqual({ fields: { name: 'Ce nom est déjà pris.' }, formMessage: null });
  });

  it('drops the validation summary when every field is on the form', () => {
    const error = new ApiError(400, {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Le nom est requis (name)',
      fields: { name: 'Le nom est requis', 'supervisors.1': 'Identifiant invalide' },
    });
    expect(mapServerErrors(error, known)).toEqual({
      fields: { name: 'Le nom est requis', supervisors: 'Identifiant invalide' },
      formMessage: null,
    });
  });

  it('maps indexed paths to their array field', () => {
    const error = new ApiError(400, { code: 'VALIDATION_ERROR', message: 'x', fields: { 'supervisors[2]': 'Non' } });
    expect(mapServerErrors(error, known).fields).toEqual({ supervisors: 'Non' });
  });

  it('sends fields the form does not have to the Alert, with the message', () => {
    const error = new ApiError(400, {
      code: 'BAD_REQUEST',
      message: 'Requête invalide.',
      fields: { company: 'Choisissez une compagnie.', phone: 'Numéro invalide' },
    });
    expect(mapServerErrors(error, known)).toEqual({
      fields: { phone: 'Numéro invalide' },
      formMessage: 'Requête invalide.\nChoisissez une compagnie.',
    });
  });

  it('without known names, trusts the server paths', () => {
    const error = new ApiError(400, { code: 'VALIDATION_ERROR', message: 'm', fields: { 'a/b': 'x' } });
    expect(mapServerErrors(error).fields).toEqual({ 'a.b': 'x' });
  });

  it('shows the message of an error without fields (e.g. 409 on delete, 403)', () => {
    const error = new ApiError(409, { code: 'CONFLICT', message: 'Des vendeurs sont rattachés à cette succursale.' });
    expect(mapServerErrors(error, known)).toEqual({
      fields: {},
      formMessage: 'Des vendeurs sont rattachés à cette succursale.',
    });
  });

  it('falls back to the generic message', () => {
    expect(mapServerErrors(new ApiError(0, null)).formMessage).toBe(GENERIC_ERROR_MESSAGE);
    expect(mapServerErrors('boom').formMessage).toBe(GENERIC_ERROR_MESSAGE);
    expect(mapServerErrors(new Error('Réseau coupé')).formMessage).toBe('Réseau coupé');
  });

  it('applyServerErrors calls setError for each field and focuses the first', () => {
    const setError = vi.fn();
    const error = new ApiError(400, {
      code: 'VALIDATION_ERROR',
      message: 'x',
      fields: { phone: 'Numéro invalide', name: 'Nom requis' },
    });
    expect(applyServerErrors(error, setError, known)).toBeNull();
    expect(setError).toHaveBeenCalledTimes(2);
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'phone',
      { type: 'server', message: 'Numéro invalide' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'name',
      { type: 'server', message: 'Nom requis' },
      { shouldFocus: false },
    );
  });
});

describe('toFormData (multipart)', () => {
  it('indexes arrays, stringifies booleans, attaches files, leaves null out', () => {
    const file = new File([new Uint8Array([1, 2])], 'logo.png', { type: 'image/png' });
    const form = toFormData({
      name: 'A',
      permissions: ['view_agent', 'add_agent'],
      active: false,
      city_id: null,
      photo: file,
      x: undefined,
    });
    expect([...form.keys()]).toEqual(['name', 'permissions[0]', 'permissions[1]', 'active', 'photo']);
    expect(form.get('permissions[1]')).toBe('add_agent');
    expect(form.get('active')).toBe('false');
    expect((form.get('photo') as File).name).toBe('logo.png');
    expect(toFormData({ city_id: null }, { nullAsEmpty: true }).get('city_id')).toBe('');
  });
});
