import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layout's one-way dependencies (DESIGN.md) are enforced by lint; these prove the rules bite.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint loads the whole config and parser: seconds on a busy machine.
describe('import boundaries', { timeout: 30_000 }, () => {
  it('stops the web app importing server code', async () => {
    const messages = await restrictedImportMessages(
      "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n",
      'src/web/lib/bad.ts',
    );
    expect(messages.join()).toMatch(/never imports server code/);
  });

  it("stops a server feature reaching into another feature's repository", async () => {
    const messages = await restrictedImportMessages(
      "import { createUserRepository } from '../auth/user.repository';\nexport const x = createUserRepository;\n",
      'src/server/features/health/bad.service.ts',
    );
    expect(messages.join()).toMatch(/another feature's repository/);
  });

  it('lets a feature use its own repository', async () => {
    const messages = await restrictedImportMessages(
      "import { createUserRepository } from './user.repository';\nexport const x = createUserRepository;\n",
      'src/server/features/auth/ok.service.ts',
    );
    expect(messages).toEqual([]);
  });

  it('stops a web feature importing another feature', async () => {
    const messages = await restrictedImportMessages(
      "import { LoginPage } from '@web/features/auth/pages/login-page';\nexport const x = LoginPage;\n",
      'src/web/features/carers/pages/bad.tsx',
    );
    expect(messages.join()).toMatch(/does not import another feature/);
  });

  it('keeps contracts free of anything but zod', async () => {
    const messages = await restrictedImportMessages(
      "import Fastify from 'fastify';\nexport const x = Fastify;\n",
      'src/contracts/bad.ts',
    );
    expect(messages.join()).toMatch(/import zod and each other only/);
  });
});
