import { z } from 'zod';
import { allow, endpoint } from '../endpoint';

export const fileEndpoints = {
  /** Public by unguessable id: logos and photos show in <img>, which sends no token. */
  image: endpoint({
    method: 'GET',
    path: '/uploads/:name',
    tag: 'files',
    summary: 'Une image envoyée (logo, photo, drapeau) par son identifiant',
    access: allow.public(),
    params: z.object({ name: z.string() }),
    response: null,
    errors: {},
  }),
};
