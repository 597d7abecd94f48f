/**
 * Creates a platform superuser (full access) on the configured database.
 *   npm run create-superuser -- --username admin [--first-name A --last-name B]
 * The password is read from SUPERUSER_PASSWORD, or from standard input (asked for on a terminal).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/setup';
import { hashPassword } from '../lib/password';

async function readPassword(): Promise<string> {
  if (process.env.SUPERUSER_PASSWORD) return process.env.SUPERUSER_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    // Do not echo what is typed.
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    out._writeToOutput = (s: string) => {
      if (s.startsWith('Mot de passe')) out.output.write(s);
    };
  }
  const answer = await new Promise<string>((resolve) =>
    rl.question('Mot de passe (12 caractères au moins) : ', resolve),
  );
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return answer.trim();
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      'first-name': { type: 'string', default: 'Super' },
      'last-name': { type: 'string', default: 'Admin' },
    },
  });
  const username = values.username?.trim();
  if (!username || !/^[A-Za-z0-9._-]{3,150}$/.test(username)) {
    throw new Error('Indiquez --username (3 à 150 caractères : lettres, chiffres, . _ -).');
  }
  const password = await readPassword();
  if (password.length < 12) throw new Error('Le mot de passe doit compter 12 caractères au moins.');

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, { demo: false });
    const exists = await database.raw.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
    if (exists.length) throw new Error(`L’utilisateur « ${username} » existe déjà.`);
    const [row] = await database.raw.query<{ id: number }>(
      `INSERT INTO users (username, role, first_name, last_name, full_access, password_hash, select_company)
       VALUES ($1, 'superuser', $2, $3, true, $4, 'all') RETURNING id`,
      [username, values['first-name'], values['last-name'], await hashPassword(password)],
    );
    await database.raw.query(
      `INSERT INTO audit_log (user_id, role, username, action, entity, entity_id, after)
       VALUES (NULL, 'system', 'cli', 'create', 'user', $1, $2)`,
      [String(row.id), JSON.stringify({ username, role: 'superuser' })],
    );
    console.log(`Superutilisateur « ${username} » créé (id ${row.id}).`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
