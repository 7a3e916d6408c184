import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/',
      'bench/bare/build*/',
      'bench/bare/.react-router/',
      'node_modules/',
      '.react-router/',
      'data/',
      'data-e2e/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/register/**', '**/idp/**'],
              message: 'app/ and domain/ talk to the register and IdP over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the composing server and the parts themselves may import register/ and idp/.
    files: ['server.ts', 'server/**', 'register/**', 'idp/**', 'scripts/**', 'bench/**', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/register/**', '**/idp/**', '**/db/**', '**/server/**'],
              message: 'domain/ imports no other part.',
            },
          ],
        },
      ],
    },
  },
)
