// Lint: typescript-eslint's recommended rules, and the project's layering held as import boundaries.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const VIEW_LIBRARIES = [
  'react',
  'react-dom',
  'react-dom/*',
  '@xstate/react',
  '@mantine/*',
  '@deck.gl/*',
  'maplibre-gl',
  'maplibre-gl/*',
  'react-map-gl',
  'react-map-gl/*',
  '@nivo/*',
  '@tabler/*',
  'wouter',
];
const SERVER_LIBRARIES = ['fastify', '@fastify/*', 'better-sqlite3', 'pg', 'node:*'];

/** The browser takes the wire contract's types, never its schemas. */
const WIRE_TYPES_ONLY = {
  group: ['**/wire/*', 'typebox', 'typebox/*'],
  allowTypeImports: true,
  message: 'the browser takes the wire contract as types (import type): its schemas are the server’s',
};

/** `no-restricted-imports` patterns that forbid a group, with the reason a reader sees. */
const forbid = (group, message) => ({ group, message });

/** The browser's globals, which machines and the domain must not touch (behaviour stays testable in Node). */
const DOM_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'fetch',
  'XMLHttpRequest',
].map((name) => ({
  name,
  message: 'machines and the domain are pure: the DOM and the network come in through injected actors',
}));

/** Features under src/ that may use each other only through their index (their public face). */
const FEATURES = ['map', 'stats', 'shell', 'search', 'area', 'staff', 'reports', 'filters'];
const featureRules = FEATURES.map((feature) => ({
  files: [`src/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          forbid(['**/server/**', '**/server'], 'views never import server code: they speak HTTP through src/api'),
          ...FEATURES.filter((other) => other !== feature).map((other) =>
            forbid(
              [`../${other}/*`],
              `use ${other}'s public face (src/${other}/index.ts), not its internals; shared view pieces go to src/ui`,
            ),
          ),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-server',
      '.bench-build',
      '.test-build',
      '.tsbuild',
      'bench/.data',
      'data',
      'tests/.artifacts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  // The rules of hooks, their dependencies and the React Compiler's checks, every one an error.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
      // A view reads narrowly: a whole snapshot renders it again on every change of anything in it (issue 56).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='useSelector'] > ArrowFunctionExpression[params.length=1][body.type='Identifier']",
          message: 'read what the view shows (useMachineView, or a selector of one value), not the whole snapshot',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['**/server/**', '**/server'], 'views never import server code: they speak HTTP through src/api'),
          ],
        },
      ],
    },
  },
  ...featureRules,
  {
    // The service worker: its own globals, and only the domain's shared constants besides Workbox.
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid(['**/server/**', '**/src/**'], 'the service worker shares only domain/ with the rest')] },
      ],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['**/server/**', '**/server'], 'views never import server code: they speak HTTP through src/api'),
            forbid(
              ['../i18n/*', '../i18n'],
              'the API layer returns typed failures (domain/requestFailure.ts); words live in src/i18n and are chosen by views',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['../*'], 'the domain imports nothing else of the project: everything else imports it'),
            forbid(
              [...VIEW_LIBRARIES, ...SERVER_LIBRARIES, 'xstate'],
              'the domain is pure TypeScript, shared by client and server',
            ),
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...DOM_GLOBALS,
        { name: 'process', message: 'the domain does not read the environment' },
      ],
    },
  },
  {
    // The wire contract is built from the domain's tables (fields, facets, load modes), so it reads them; so
    // does the question reader (domain/ask), whose words are the catalogue's, the gazetteer's and the data's.
    files: ['domain/wire/**/*.ts', 'domain/ask/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['../../*'], 'the domain imports nothing else of the project: everything else imports it'),
            forbid(
              [...VIEW_LIBRARIES, ...SERVER_LIBRARIES, 'xstate'],
              'the wire contract is shared by client and server',
            ),
          ],
        },
      ],
    },
  },
  {
    // What runs in the browser takes the wire contract's types, never its schemas: the schema builder stays
    // on the server, out of the visitors' bundle.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'sw/**/*.ts', 'domain/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [WIRE_TYPES_ONLY],
        },
      ],
    },
  },
  {
    // deck.gl's code (about 180 kB compressed) is off the first map's way: one module draws with it and is loaded
    // on demand; everything else describes deck.gl's layers with its types only (src/map/deckSpecs.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/map/DeckLayers.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            WIRE_TYPES_ONLY,
            {
              group: ['@deck.gl/*'],
              allowTypeImports: true,
              message: 'deck.gl loads on demand through src/map/DeckLayers.tsx: describe layers with deckSpecs.ts',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(VIEW_LIBRARIES, 'machines own behaviour, not views: no React, no DOM, no map or chart libraries'),
            forbid(
              ['**/src/**', '**/src', '**/server/**', '**/server'],
              'machines import only the shared domain and xstate',
            ),
            forbid(SERVER_LIBRARIES, 'machines run in the browser and in tests alike: no Node or server libraries'),
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_GLOBALS],
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(
              ['**/src/**', '**/src', '**/machines/**', '**/machines'],
              'the server knows nothing of the client: shared rules live in domain/',
            ),
            forbid(VIEW_LIBRARIES, 'the server knows nothing of React or the map'),
          ],
        },
      ],
    },
  },
);
