import { z } from 'zod';

export const contactRequest = z.object({
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis').max(120, 'Le nom est trop long'),
  email: z.email({ error: 'Adresse e-mail invalide' }).max(200, 'Adresse e-mail trop longue'),
  phone: z.string().trim().max(40, 'Le téléphone est trop long').optional(),
  subject: z.string().trim().max(200, 'Le sujet est trop long').optional(),
  message: z
    .string({ error: 'Le message est requis' })
    .trim()
    .min(5, 'Le message est trop court (5 caractères au moins)')
    .max(5000, 'Le message est trop long (5000 caractères au plus)'),
});
export type ContactRequest = z.infer<typeof contactRequest>;
export const contactResponse = z.object({ ok: z.literal(true), id: z.number().int() });
