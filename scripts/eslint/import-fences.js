import path from 'node:path';

/**
 * ESLint rule: folders that others build on import nothing from the folders built on them.
 * Each fence names a folder and the folders its files may not import; a specifier is
 * resolved to a path under the repository first (relative, or one of the aliases: `@/` in
 * web, package.json's `#shared/`…), so `../features/x` and `@/features/x` are the same
 * import. Packages are never fenced.
 */
export function importFences({ root, aliases, fences }) {
  const inside = (dir, file) => {
    const relative = path.relative(path.join(root, dir), file);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };

  const resolve = (specifier, fromFile) => {
    if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
    for (const [prefix, target] of Object.entries(aliases)) {
      if (specifier.startsWith(prefix)) return path.join(root, target, specifier.slice(prefix.length));
    }
    return undefined;
  };

  return {
    meta: {
      type: 'problem',
      messages: { fenced: '{{from}} does not import {{to}} ({{specifier}}): {{why}}' },
      schema: [],
    },
    create(context) {
      const mine = fences.filter((fence) => inside(fence.from, context.filename));
      if (mine.length === 0) return {};
      const check = (node) => {
        if (!node.source || typeof node.source.value !== 'string') return;
        const target = resolve(node.source.value, context.filename);
        if (!target) return;
        for (const fence of mine) {
          const to = fence.forbid.find((dir) => inside(dir, target));
          if (to) {
            context.report({ node: node.source, messageId: 'fenced', data: { from: fence.from, to, specifier: node.source.value, why: fence.why } });
            return;
          }
        }
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
