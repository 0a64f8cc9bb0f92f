import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layout's one-way dependencies (docs/architecture.md) are enforced by lint; these prove the rules bite.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** The table-ownership rules' messages: imports of another feature's tables and writes to them. */
async function tableMessages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

const schemaImport = (names: string) => `import { ${names} } from '../../db/schema';\n`;
const write = (statement: string) =>
  `import type { Executor } from '../../db/client';\nexport const run = (db: Executor) => ${statement};\n`;

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

  it("stops a server feature reaching into another feature's files", async () => {
    const messages = await restrictedImportMessages(
      "import { hashPassword } from '../auth/password';\nexport const x = hashPassword;\n",
      'src/server/features/settings/bad.service.ts',
    );
    expect(messages.join()).toMatch(/used only through its index/);
    const roundabout = await restrictedImportMessages(
      "import { isListed } from '../../features/carers/carer-listing';\nexport const x = isListed;\n",
      'src/server/features/admin/bad.service.ts',
    );
    expect(roundabout.join()).toMatch(/used only through its index/);
  });

  it("lets a server feature use another feature through that feature's index, and its own files", async () => {
    const other = await restrictedImportMessages(
      "import { hashPassword } from '../auth';\nexport const x = hashPassword;\n",
      'src/server/features/settings/ok.service.ts',
    );
    expect(other).toEqual([]);
    const own = await restrictedImportMessages(
      "import { hashPassword } from './password';\nexport const x = hashPassword;\n",
      'src/server/features/auth/ok.service.ts',
    );
    expect(own).toEqual([]);
  });

  it('lets the app, the CLI and the demo seed use a server feature only through its index', async () => {
    const deep = await restrictedImportMessages(
      "import { ensureAdminAccount } from '../features/admin/admin-accounts';\nexport const x = ensureAdminAccount;\n",
      'src/server/cli/bad.ts',
    );
    expect(deep.join()).toMatch(/used only through its index/);
    const seed = await restrictedImportMessages(
      "import { visitsBetween } from '../features/arrangements/visit-schedule';\nexport const x = visitsBetween;\n",
      'src/server/demo-seed/bad.ts',
    );
    expect(seed.join()).toMatch(/used only through its index/);
    const index = await restrictedImportMessages(
      "import { authPlugin } from './features/auth';\nexport const x = authPlugin;\n",
      'src/server/ok.ts',
    );
    expect(index).toEqual([]);
  });

  it('keeps the platform and the database below the features and the demo seed', async () => {
    const feature = await restrictedImportMessages(
      "import { hashPassword } from '../features/auth';\nexport const x = hashPassword;\n",
      'src/server/platform/bad.ts',
    );
    expect(feature.join()).toMatch(/never import a feature or the demo seed/);
    const seed = await restrictedImportMessages(
      "import { seedDemoData } from '../demo-seed/seed';\nexport const x = seedDemoData;\n",
      'src/server/db/bad.ts',
    );
    expect(seed.join()).toMatch(/never import a feature or the demo seed/);
  });

  it("stops a web feature reaching into another feature's files", async () => {
    const messages = await restrictedImportMessages(
      "import { LoginPage } from '@web/features/auth/pages/login-page';\nexport const x = LoginPage;\n",
      'src/web/features/carers/pages/bad.tsx',
    );
    expect(messages.join()).toMatch(/only through that feature's index/);
    const component = await restrictedImportMessages(
      "import { SaveCarerButton } from '@web/features/saved-carers/components/save-carer-button';\nexport const x = SaveCarerButton;\n",
      'src/web/features/carers/components/bad.tsx',
    );
    expect(component.join()).toMatch(/only through that feature's index/);
  });

  it("lets a web feature use another feature through that feature's index", async () => {
    const messages = await restrictedImportMessages(
      "import { SaveCarerButton } from '@web/features/saved-carers';\nexport const x = SaveCarerButton;\n",
      'src/web/features/carers/components/ok.tsx',
    );
    expect(messages).toEqual([]);
  });

  it('lets a web feature import its own files', async () => {
    const messages = await restrictedImportMessages(
      "import { CarerCard } from '@web/features/carers/components/carer-card';\nexport const x = CarerCard;\n",
      'src/web/features/carers/pages/ok.tsx',
    );
    expect(messages).toEqual([]);
  });

  it('keeps the web on its own useMutation, whose call callbacks outlive the component', async () => {
    const lint = async (code: string, filePath: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? [])
        .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
        .map((m) => m.message);
    };
    const fromReactQuery = await lint(
      "import { useMutation, useQuery } from '@tanstack/react-query';\nexport const x = [useMutation, useQuery];\n",
      'src/web/features/carers/api/bad.ts',
    );
    expect(fromReactQuery.join()).toMatch(/Use useMutation from @web\/lib\/mutation/);
    const ours = await lint(
      "import { useQuery } from '@tanstack/react-query';\nimport { useMutation } from '@web/lib/mutation';\nexport const x = [useMutation, useQuery];\n",
      'src/web/features/carers/api/ok.ts',
    );
    expect(ours).toEqual([]);
  });

  it('keeps contracts free of anything but zod', async () => {
    const messages = await restrictedImportMessages(
      "import Fastify from 'fastify';\nexport const x = Fastify;\n",
      'src/contracts/bad.ts',
    );
    expect(messages.join()).toMatch(/import zod and each other only/);
  });

  describe('table ownership (src/server/db/table-owners.js)', () => {
    it("stops a feature using another feature's table", async () => {
      const messages = await tableMessages(
        schemaImport('carerProfiles') + write('db.select().from(carerProfiles)'),
        'src/server/features/health/bad.repository.ts',
      );
      expect(messages.join()).toMatch(/does not use another feature's tables/);
    });

    it('lets the owner read and write its table', async () => {
      const messages = await tableMessages(
        schemaImport('carerProfiles') + write('db.update(carerProfiles).set({ isActive: false })'),
        'src/server/features/carers/ok.repository.ts',
      );
      expect(messages).toEqual([]);
    });

    it('lets a feature read a table declared as its cross read, never write it', async () => {
      const read = await tableMessages(
        schemaImport('carerProfiles') + write('db.select().from(carerProfiles)'),
        'src/server/features/saved-carers/ok.repository.ts',
      );
      expect(read).toEqual([]);
      const written = await tableMessages(
        schemaImport('carerProfiles') + write('db.update(carerProfiles).set({ isActive: false })'),
        'src/server/features/saved-carers/bad.repository.ts',
      );
      expect(written.join()).toMatch(/does not write another feature's table/);
    });

    it("stops a feature renaming another feature's table past the write rule", async () => {
      const imported = await tableMessages(
        schemaImport('carerProfiles as c') + write('db.update(c).set({ isActive: false })'),
        'src/server/features/saved-carers/bad.repository.ts',
      );
      expect(imported.join()).toMatch(/keeps its own name/);
      const assigned = await tableMessages(
        schemaImport('carerProfiles') + 'const c = carerProfiles;\n' + write('db.delete(c)'),
        'src/server/features/saved-carers/bad.repository.ts',
      );
      expect(assigned.join()).toMatch(/keeps its own name/);
    });

    it('lets privacy (the one exception) read and erase any table, but not write a carer profile', async () => {
      const erasing = await tableMessages(
        schemaImport('users, reviews, payments') + write('db.delete(users)'),
        'src/server/features/privacy/ok.repository.ts',
      );
      expect(erasing).toEqual([]);
      const reranking = await tableMessages(
        schemaImport('carerProfiles') + write('db.update(carerProfiles).set({ isActive: false })'),
        'src/server/features/privacy/bad.repository.ts',
      );
      expect(reranking.join()).toMatch(/does not write another feature's table/);
    });
  });
});
