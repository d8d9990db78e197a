import path from 'node:path';

/**
 * ESLint rule: a file under web/src/features/<a>/ imports nothing from another feature.
 * Resolves relative specifiers and the `@/` alias (tsconfig: `@/*` → web/src/*) to a
 * path under the repository, then compares the feature folder of both ends. Written
 * here rather than taken from a plugin: the plugins that do this pull a native resolver
 * whose platform builds the registry does not carry, which breaks `npm ci`.
 */
export function featureBoundaries({ root, featuresDir, aliasPrefix = '@/', aliasTarget }) {
  const featuresRoot = path.join(root, featuresDir);

  const featureOf = (file) => {
    const relative = path.relative(featuresRoot, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    return relative.split(path.sep)[0];
  };

  const resolve = (specifier, fromFile) => {
    if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
    if (specifier.startsWith(aliasPrefix)) return path.join(root, aliasTarget, specifier.slice(aliasPrefix.length));
    return undefined; // a package: not a feature
  };

  return {
    meta: {
      type: 'problem',
      messages: {
        crossFeature:
          'Features do not import each other ({{from}} → {{to}}): move the shared piece to web/src/components, web/src/lib or web/src/app, or compose the features in a route.',
      },
      schema: [],
    },
    create(context) {
      const from = featureOf(context.filename);
      if (!from) return {};
      const check = (node) => {
        if (!node.source || typeof node.source.value !== 'string') return;
        const target = resolve(node.source.value, context.filename);
        const to = target && featureOf(target);
        if (to && to !== from) context.report({ node: node.source, messageId: 'crossFeature', data: { from, to } });
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
