import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const folders = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

// Import boundaries (DESIGN.md "Layout"): web → contracts ← server, and features stay apart.
const serverFeatureBoundaries = folders('src/server/features').map((feature) => ({
  files: [`src/server/features/${feature}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^\\.\\./(?!${feature}/)[^/.][^/]*/.*\\.repository$`,
            message:
              "A feature does not reach into another feature's repository: call that feature's service.",
          },
        ],
      },
    ],
  },
}));

const webFeatureBoundaries = folders('src/web/features').map((feature) => ({
  files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/server/**', '@server/*'],
            message: 'The web app never imports server code: share shapes through src/contracts.',
          },
          {
            regex: `^@web/features/(?!${feature}/)`,
            message:
              'A web feature does not import another feature: move the shared piece to lib/ or components/, or compose in app/.',
          },
          {
            regex: '^@web/app/',
            message: 'Features do not import the app layer; the app composes features.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              message: 'The web app never imports server code: share shapes through src/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./)',
              message: 'Contracts import zod and each other only, so both server and web can use them.',
            },
          ],
        },
      ],
    },
  },
  ...serverFeatureBoundaries,
  ...webFeatureBoundaries,
);
