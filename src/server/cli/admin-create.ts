import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AUTH_MESSAGES, NewPassword } from '@contracts/auth';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureAdminAccount } from '../features/admin';

/*
 * `npm run admin:create`: creates an admin account, or makes an existing account an admin with a
 * new password (its sessions end). Values come from options, then the environment, then prompts:
 *   npm run admin:create -- --email ops@carematch.co.uk --first-name Ada --last-name Lovelace
 *   ADMIN_EMAIL=… ADMIN_PASSWORD=… ADMIN_FIRST_NAME=… ADMIN_LAST_NAME=… npm run admin:create
 * The password is never taken from an option (it would stay in the shell history).
 */
const { values: options } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});

const Input = z.object({
  email: z.email({ error: AUTH_MESSAGES.emailInvalid }),
  firstName: z.string().trim().min(1, AUTH_MESSAGES.firstNameRequired).max(80),
  lastName: z.string().trim().min(1, AUTH_MESSAGES.lastNameRequired).max(80),
  password: NewPassword,
});

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new ConfigError(`${question.replace(/: $/, '')} is required`);
  // A hidden answer: the question is shown, then nothing of what is typed is echoed.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk as Buffer);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  if (hidden) {
    process.stdout.write(question);
    muted = true;
  }
  try {
    const answer = await rl.question(hidden ? '' : question);
    if (hidden) process.stdout.write('\n');
    return hidden ? answer : answer.trim();
  } finally {
    rl.close();
  }
}

async function main() {
  // The database settings only: this command reads the admin values itself, one at a time.
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const env = process.env;
  const email = options.email ?? env.ADMIN_EMAIL ?? (await ask('Email: '));
  const firstName = options['first-name'] ?? env.ADMIN_FIRST_NAME ?? (await ask('First name: '));
  const lastName = options['last-name'] ?? env.ADMIN_LAST_NAME ?? (await ask('Last name: '));
  let password = env.ADMIN_PASSWORD;
  if (!password) {
    password = await ask('Password: ', true);
    if ((await ask('Password again: ', true)) !== password) throw new ConfigError('The passwords differ.');
  }
  const parsed = Input.safeParse({ email, firstName, lastName, password });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('\n'));
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const { outcome, user } = await ensureAdminAccount(database.db, parsed.data, { promote: true });
    const said = { created: 'Created', promoted: 'Promoted to admin', updated: 'Updated the password of' };
    console.log(`${said[outcome as keyof typeof said] ?? 'Kept'} the admin account ${user.email}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
