import { allow, endpoint } from '../endpoint';
import { currentUser, selectCompanyRequest, selectCountryRequest } from './auth';
import { errorBody } from './common';

const tag = 'session';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** GET /api/{generals|companies|supervisors|agents}/user: each answers only its own role. */
const me = <const P extends string, const R extends 'superuser' | 'company' | 'supervisor' | 'agent'>(
  prefix: P,
  role: R,
) =>
  endpoint({
    method: 'GET',
    path: `/api/${prefix}/user`,
    tag,
    summary: `Utilisateur connecté (${role})`,
    access: allow.signedIn([role]),
    response: currentUser,
    errors,
  });

export const sessionEndpoints = {
  superuser: me('generals', 'superuser'),
  company: me('companies', 'company'),
  supervisor: me('supervisors', 'supervisor'),
  agent: me('agents', 'agent'),
  selectCompany: endpoint({
    method: 'POST',
    path: '/api/generals/company',
    tag,
    summary: 'Choisir la compagnie sur laquelle agir (ref_code ou « all »)',
    access: allow.signedIn(['superuser']),
    body: selectCompanyRequest,
    response: currentUser,
    errors,
  }),
  selectCountry: endpoint({
    method: 'POST',
    path: '/api/generals/country',
    tag,
    summary: 'Choisir le pays qui filtre les listes (name_code ou « ALL »)',
    access: allow.signedIn(['superuser']),
    body: selectCountryRequest,
    response: currentUser,
    errors,
  }),
};
