import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { CROSS_READS, PRIVACY_EXCEPTION, TABLE_OWNERS } from './src/server/db/table-owners.js';

const folders = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

// Import boundaries (docs/architecture.md): web → contracts ← server, and features stay apart: a
// web feature reaches another only through its index.ts (docs/architecture.md, "Feature map").
// A server feature uses only its own repository and its own tables (src/server/db/table-owners.js):
// another feature's table is read or written through that feature's store.
const tables = Object.keys(TABLE_OWNERS);
// A server feature, like a web one, is used by the others (and app.ts, the CLI, the demo seed) only
// through its index.ts: its public surface (docs/architecture.md, "Public surfaces").
const FEATURE_INDEX_ONLY =
  'A server feature is used only through its index (features/<name>): export the piece there, or move shared code to src/server/platform.';
const alternation = (names) => `^(${names.join('|')})$`;

function serverFeatureBoundary(feature) {
  const privacy = feature === PRIVACY_EXCEPTION.feature;
  const owned = tables.filter((table) => TABLE_OWNERS[table] === feature);
  const readable = new Set([...owned, ...(CROSS_READS[feature] ?? [])]);
  const unreadable = privacy ? [] : tables.filter((table) => !readable.has(table));
  const foreign = privacy
    ? PRIVACY_EXCEPTION.writesThroughOwner
    : tables.filter((table) => TABLE_OWNERS[table] !== feature);
  const ownersStore = "call the owner's store (src/server/db/table-owners.js)";
  return {
    files: [`src/server/features/${feature}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Another feature only through its public entry, src/server/features/<name>/index.ts.
              regex: `^\\.\\./(?!${feature}/)[^/.][^/]*/|(^|/)features/(?!${feature}/)[^/]+/`,
              message: FEATURE_INDEX_ONLY,
            },
            {
              regex: `^\\.\\./(?!${feature}/)[^/.][^/]*/.*\\.repository$`,
              message:
                "A feature does not reach into another feature's repository: call that feature's service, or its store for a table it owns.",
            },
            ...(unreadable.length > 0
              ? [
                  {
                    regex: '(^|/)db/schema$',
                    importNames: unreadable,
                    message: `A feature does not use another feature's tables: ${ownersStore}.`,
                  },
                ]
              : []),
          ],
        },
      ],
      'no-restricted-syntax':
        foreign.length === 0
          ? 'off'
          : [
              'error',
              {
                // db.insert(t), db.update(t), db.delete(t) on a table another feature owns.
                selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/] > Identifier.arguments[name=/${alternation(foreign)}/]`,
                message: `A feature does not write another feature's table: ${ownersStore}.`,
              },
              {
                // Renamed, a table would slip past the rule above.
                selector: `ImportSpecifier[imported.name=/${alternation(foreign)}/]:not([local.name=/${alternation(foreign)}/]), VariableDeclarator > Identifier.init[name=/${alternation(foreign)}/]`,
                message: "Another feature's table keeps its own name here, so the write rule can see it.",
              },
            ],
    },
  };
}
const serverFeatureBoundaries = folders('src/server/features').map(serverFeatureBoundary);

// The rest of the server: the composition (app.ts, main.ts, the CLI, the demo seed) uses a feature
// only through its index; the base (platform, db) never imports a feature or the demo seed.
const serverLayers = [
  {
    files: ['src/server/*.ts', 'src/server/cli/**/*.ts', 'src/server/demo-seed/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features/[^/]+/', message: FEATURE_INDEX_ONLY }] },
      ],
    },
  },
  {
    files: ['src/server/platform/**/*.ts', 'src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(features|demo-seed)(/|$)',
              message:
                'The platform and the database are the base the features stand on: they never import a feature or the demo seed.',
            },
          ],
        },
      ],
    },
  },
];

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
            // Another feature only through its public entry, src/web/features/<name>/index.ts.
            regex: `^@web/features/(?!${feature}/)[^/]+/`,
            message:
              "A web feature uses another feature only through that feature's index (@web/features/<name>): export the piece there, or move a shared piece to lib/ or components/.",
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

// The web reaches the API only through the contract's endpoints (decision 0031): calls with
// api(endpoint), cache keys with endpointKey(endpoint) (src/web/lib/query-keys.ts). An address
// typed by hand would drift from the endpoint unseen, and miss an invalidation when a path changes.
const handTypedAddresses = [
  {
    selector: 'Literal[value=/^\\/api\\//], TemplateElement[value.raw=/^\\/api\\//]',
    message:
      'An API address comes from its endpoint (@contracts/endpoints): api(endpoint), endpointKey(endpoint) or endpoint.path, never typed by hand.',
  },
];

// A form's types come from its schema (src/web/lib/schema-resolver.ts: the fields as they hold
// them, the schema's output on submit), so nothing is forced: no `as never`, no `as unknown as`,
// no placeholder ('' or undefined) cast to a type it is not.
const formCasts = [
  { selector: 'TSAsExpression > TSNeverKeyword.typeAnnotation', message: 'No `as never`: type the value.' },
  {
    selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
    message: 'No `as unknown as`: type the value (a form: schemaResolver and its fields type).',
  },
  {
    selector:
      "TSAsExpression > Literal.expression[value=''], TSAsExpression > Identifier.expression[name='undefined']",
    message:
      "A blank placeholder is not cast to a type it is not: give the form's fields type room for it (WithBlankChoices).",
  },
];

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
      // The declarations hold every schema; the web calls through @contracts/endpoints (decision 0034).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message:
                "Use useMutation from @web/lib/mutation: react-query's drops a call's own callbacks (its toast) once the calling component has unmounted.",
            },
          ],
          patterns: [
            {
              regex: '(^@contracts|/contracts)/api(/|$)',
              message:
                'The endpoint declarations hold zod schemas: call endpoints through @contracts/endpoints, typed from them.',
            },
          ],
        },
      ],
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
      'no-restricted-syntax': ['error', ...handTypedAddresses, ...formCasts],
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
  {
    // The endpoint declarations (decision 0034) sit a folder down and import the contracts above them.
    files: ['src/contracts/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\./|\\.\\./[\\w-]+$)',
              message: 'Contracts import zod and each other only, so both server and web can use them.',
            },
          ],
        },
      ],
    },
  },
  ...serverFeatureBoundaries,
  ...serverLayers,
  ...webFeatureBoundaries,
);
