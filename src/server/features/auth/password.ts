import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_MESSAGES } from '@contracts/auth';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane); the library encodes them in the hash,
// so raising them later still verifies old hashes.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Tests only (NODE_ENV=test, AppConfig.passwordHashing, decision 0046): the same argon2id at
// 1 MiB and one pass, a millisecond instead of tens; the suites register and sign in thousands
// of times.
const LIGHT_ARGON2_OPTIONS = { memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

let options: typeof ARGON2_OPTIONS | typeof LIGHT_ARGON2_OPTIONS = ARGON2_OPTIONS;

/** The cost of new hashes in this process, from the app's configuration (the auth plugin sets it). */
export function usePasswordHashing(cost: 'standard' | 'light') {
  options = cost === 'light' ? LIGHT_ARGON2_OPTIONS : ARGON2_OPTIONS;
}

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash of a random value: checking against it when an account is unknown costs the same
// time as a real check, so response time does not reveal whether an email is registered.
let decoyHash: Promise<string> | undefined;
export async function spendDecoyVerification(password: string): Promise<void> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoyHash, password);
}

let commonPasswords: Set<string> | undefined;

/** The ~49,000 most common passwords (zxcvbn's list), compared without case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'] as string[]);
  return commonPasswords.has(password.toLowerCase());
}

/** The server's checks beyond the shared schema's length rules; returns a message or nothing. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (isCommonPassword(password)) return AUTH_MESSAGES.passwordTooCommon;
  const lowered = password.toLowerCase();
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (lowered === email.toLowerCase() || (local.length >= 4 && lowered === local)) {
    return AUTH_MESSAGES.passwordTooCommon;
  }
  return undefined;
}
