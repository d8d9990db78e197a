/**
 * Import circles, checked by `npm run check:circles` (part of `npm test`). A circle makes
 * load order decide what a module sees at start (an `undefined` import at the top level)
 * and ties two modules so neither can move alone. Type-only imports count too: they are
 * the usual first step of a value circle, and they tie the files just the same.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Break the circle: move what both ends need into a module of its own that both import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|cdk\\.out|web/dist|\\.data|coverage)/' },
    // Count `import type` edges: tsc and the lint rules see them, so should this.
    tsPreCompilationDeps: true,
    // Reads `@/*` (web) from tsconfig; the `#shared/*`-style subpath imports come from package.json "imports".
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
