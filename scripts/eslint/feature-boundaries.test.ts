import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

const root = '/repo';
const linter = new Linter({ configType: 'flat', cwd: root });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { ecmaVersion: 2023 as const, sourceType: 'module' as const },
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries({ root, featuresDir: 'web/src/features', aliasTarget: 'web/src' }) } } },
    rules: { 'local/feature-boundaries': 'error' as const },
  },
];

const problems = (code: string, file = `${root}/web/src/features/quiz/quiz-page.ts`) =>
  linter.verify(code, config, { filename: file }).map((message) => message.message);

describe('feature-boundaries', () => {
  it('refuses another feature by relative path, alias, re-export and dynamic import', () => {
    expect(problems(`import { x } from '../dashboard/card.ts';`)).toEqual([expect.stringContaining('quiz → dashboard')]);
    expect(problems(`import { x } from '@/features/auth/use-session.ts';`)).toEqual([expect.stringContaining('quiz → auth')]);
    expect(problems(`export { x } from '../auth/x.ts';`)).toHaveLength(1);
    expect(problems(`export * from '@/features/auth';`)).toHaveLength(1);
    expect(problems(`const m = import('../landing/page.ts');`)).toHaveLength(1);
  });

  it('allows the own feature, shared folders and packages', () => {
    expect(problems(`import { a } from './parts/a.ts'; import { b } from '@/features/quiz/b.ts';`)).toEqual([]);
    expect(problems(`import { c } from '@/components/spinner.tsx'; import { d } from '../../lib/api.ts';`)).toEqual([]);
    expect(problems(`import { useQuery } from '@tanstack/react-query';`)).toEqual([]);
  });

  it('leaves files outside features alone (routes compose features)', () => {
    expect(problems(`import { x } from '@/features/auth/x.ts';`, `${root}/web/src/app/routes.ts`)).toEqual([]);
  });
});
