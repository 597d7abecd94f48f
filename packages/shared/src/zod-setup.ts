import { z } from 'zod';
import { fr } from 'zod/locales';

// Messages that a schema does not set itself come out in French (server and web alike).
z.config(fr());
