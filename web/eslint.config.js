// Lint for the console (src/) and the browser tests (e2e/).
// Run with `npm run lint`. Besides the usual recommended sets it keeps the
// feature boundaries (src/features/<domain>/, one public index.ts each): a
// feature is entered only through '@/features/x', never a deeper or relative
// path (but for the router's dynamic import of a screen's own entry,
// '@/features/x/<name>-page'); a feature imports only the features `featureImports` lists for it
// (one way, no cycles); and src/lib, src/components and src/hooks never
// depend on a feature.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const root = path.dirname(fileURLToPath(import.meta.url))
const src = path.join(root, 'src')
const features = path.join(src, 'features')
/** Shared code: it may be used by features, never the other way round. */
const shared = ['lib', 'components', 'hooks'].map((dir) => path.join(src, dir))

/**
 * Which features each feature may import (through their index). Screens that
 * compose others sit above them; a feature not listed imports none. Shared
 * pieces go to src/components or src/lib, not into a feature another one uses.
 */
const featureImports = {
  overview: ['displays', 'schedules', 'stores'],
  schedules: ['displays', 'medias', 'stores'],
  'ads-center': ['medias'],
  override: ['displays', 'medias', 'stores'],
  activity: ['admin'],
  local: ['medias', 'stores'],
  approvals: ['local', 'schedules'],
  // Integrações is for the team's managers: it borrows the rule of who they are.
  integrations: ['team'],
}

/** The allowed imports go one way: a cycle in `featureImports` is a mistake in this file. */
function assertNoCycle(graph) {
  const state = new Map()
  const visit = (feature, trail) => {
    if (state.get(feature) === 'done') return
    if (state.get(feature) === 'open') throw new Error(`eslint.config.js: featureImports has a cycle: ${[...trail, feature].join(' -> ')}`)
    state.set(feature, 'open')
    for (const next of graph[feature] ?? []) visit(next, [...trail, feature])
    state.set(feature, 'done')
  }
  for (const feature of Object.keys(graph)) visit(feature, [])
}
assertNoCycle(featureImports)

const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep)

/** The feature a file belongs to (its folder under src/features), or null. */
function featureOf(file) {
  if (!inside(features, file)) return null
  return path.relative(features, file).split(path.sep)[0] || null
}

/** Where an import specifier points, for '@/…' and relative ones; null for packages. */
function resolveSpecifier(specifier, fromFile) {
  if (specifier.startsWith('@/')) return path.join(src, specifier.slice(2))
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier)
  return null
}

/** The one way in to another feature: '@/features/x', its public index. */
const isFeatureIndex = (specifier, feature) => specifier === `@/features/${feature}`

const app = path.join(src, 'app')
/**
 * The other way, for the router only and only as a dynamic import: a screen's
 * own entry at the feature's root ('@/features/x/list-page'), a chunk of its
 * own that leaves out what the index lends other screens (dialogs, pickers).
 */
const isScreenEntry = (specifier, feature, node, file) =>
  inside(app, file) && node.parent?.type === 'ImportExpression' && new RegExp(`^@/features/${feature}/[a-z-]+-page$`).test(specifier)

const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features are entered through their index; shared folders do not import features.' },
    schema: [],
    messages: {
      deepImport: "Import feature '{{feature}}' through its public index ('@/features/{{feature}}'), not '{{specifier}}'.",
      sharedImportsFeature: "src/{{folder}} is shared code and may not import from a feature ('{{specifier}}').",
      ownIndex: "Inside feature '{{feature}}' import its own files by relative path, not through '@/features/…'.",
      notAllowed: "Feature '{{own}}' may not import feature '{{feature}}' (allowed: {{allowed}}; see featureImports in eslint.config.js).",
    },
  },
  create(context) {
    const file = context.filename
    const ownFeature = featureOf(file)
    const sharedFolder = shared.find((dir) => inside(dir, file))
    function check(node) {
      const specifier = node?.value
      if (typeof specifier !== 'string') return
      const target = resolveSpecifier(specifier, file)
      if (!target) return
      const feature = featureOf(target)
      if (!feature) return
      if (sharedFolder) {
        context.report({ node, messageId: 'sharedImportsFeature', data: { folder: path.basename(sharedFolder), specifier } })
      } else if (feature === ownFeature) {
        if (specifier.startsWith('@/features/')) context.report({ node, messageId: 'ownIndex', data: { feature } })
      } else if (isScreenEntry(specifier, feature, node, file)) {
        return
      } else if (!isFeatureIndex(specifier, feature)) {
        context.report({ node, messageId: 'deepImport', data: { feature, specifier } })
      } else if (ownFeature && !(featureImports[ownFeature] ?? []).includes(feature)) {
        const allowed = (featureImports[ownFeature] ?? []).join(', ') || 'none'
        context.report({ node, messageId: 'notAllowed', data: { own: ownFeature, feature, allowed } })
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'e2e/screenshots/', 'src/lib/api-types.ts']),
  {
    files: ['**/*.{js,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { vitrine: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'vitrine/feature-boundaries': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='Collator']",
          message: 'Names are ordered by one rule, shared with the server: use compareNames / sortByName from @/lib/name-order.',
        },
        {
          selector: "CallExpression[callee.object.name='React'][callee.property.name='lazy'], ImportSpecifier[imported.name='lazy']",
          message: 'A component of a chunk is lazyComponent from @/lib/lazy: React.lazy suspends even on a chunk already here, and React then holds the content back 300 ms.',
        },
      ],
    },
  },
  {
    files: ['src/lib/lazy.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Unit tests run in Node too (fs, URL of files).
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Playwright flows and their harness run in Node; page.evaluate callbacks run in the browser.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // public/early.js: a plain script the browser runs as it is, before the console's code.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
])
