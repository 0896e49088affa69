// Lint for the whole workspace: type-aware TypeScript rules, import direction, React and a11y.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Server layering, generated from the folder listing so a new module is covered as it appears.
// Each db/schema/<name>.ts holds the tables of the module <name>.
const SERVER = './apps/server/src';
const serverModules = readdirSync(`${SERVER}/modules`);
const schemaFiles = readdirSync(`${SERVER}/db/schema`).filter((file) => file !== 'index.ts');
const repositoriesOf = (module) =>
  readdirSync(`${SERVER}/modules/${module}`)
    .filter((file) => file.endsWith('.repository.ts'))
    .map((file) => `${SERVER}/modules/${module}/${file}`);
const serverZones = [
  { target: './apps/server', from: './apps/web' },
  // Routes never reach the database: no repository, no schema, no database client.
  {
    target: [`${SERVER}/modules/**/*.routes.ts`, `${SERVER}/modules/**/*ops-routes.ts`],
    from: [`${SERVER}/modules/**/*.repository.ts`, `${SERVER}/db/**`],
    message: 'Routes call a service; the service owns queries and transactions.',
  },
  // A module reaches another only through its service: never its repository or its tables.
  ...serverModules.map((module) => ({
    target: `${SERVER}/modules/${module}`,
    from: [
      ...serverModules.filter((other) => other !== module).flatMap(repositoriesOf),
      ...schemaFiles
        .filter((file) => file !== `${module}.ts`)
        .map((file) => `${SERVER}/db/schema/${file}`),
      `${SERVER}/db/schema/index.ts`,
    ],
    message: `Another module's repository or tables: go through its service.`,
  })),
  // The seed sits outside the modules: it is given the modules' seeders.
  { target: `${SERVER}/db/seed`, from: `${SERVER}/modules` },
];

/** The web app's feature folders: each gets a zone that keeps the others out. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.tmp/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is typed by the first of these that includes it. The Node workspaces share one
        // program (tsconfig.node.json): partners and bench import the server, and a program of
        // their own each re-read it (the project service took one per workspace).
        project: [
          './tsconfig.node.json',
          './packages/contract/tsconfig.json',
          './apps/web/tsconfig.json',
          './apps/console/tsconfig.json',
          './e2e/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      // Resolves our extensionless TypeScript imports; without it the zones below skip them.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The contract imports nothing of ours; the apps never import each other.
            { target: './packages/contract', from: ['./apps', './e2e', './bench'] },
            // Build-time plugins both front ends use: they import nothing of ours either.
            {
              target: './packages/build',
              from: ['./apps', './e2e', './bench', './packages/contract'],
            },
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // The back office and the player site are separate bundles: neither imports the other.
            { target: './apps/web', from: './apps/console' },
            { target: './apps/console', from: ['./apps/web', './apps/server', './apps/partners'] },
            { target: './apps/server', from: './apps/console' },
            // Console: shared (components/, lib/) → features → app.
            {
              target: ['./apps/console/src/components', './apps/console/src/lib'],
              from: ['./apps/console/src/features', './apps/console/src/app'],
            },
            { target: './apps/console/src/features', from: './apps/console/src/app' },
            // The product never knows a partner's code; partners are outside it (below).
            { target: './apps/server', from: './apps/partners' },
            { target: './apps/web', from: './apps/partners' },
            // Web: shared → features → app; a feature never imports another feature.
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            {
              target: './apps/web/src/lib',
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...WEB_FEATURES.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: share through components/, lib/ or hooks/, or compose in app/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Server zones (above). Tests, test kits and fixtures may set up and inspect any table.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-kit.ts', '**/*.fixtures.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    // The partners app knows the product only by its address and shared secrets, as an outside
    // vendor does; its tests may start the product to play against (as against a staging site).
    files: ['apps/partners/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-kit.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/partners',
              from: ['./apps/server', './apps/web'],
              message: 'A partner reaches the product over HTTP only, as an outside vendor would.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Tests may use non-null assertions on fixtures and loose any from JSON bodies.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', '**/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
