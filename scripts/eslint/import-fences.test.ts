import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importFences } from './import-fences.js';

const root = '/repo';
const linter = new Linter({ configType: 'flat', cwd: root });
const rule = importFences({
  root,
  aliases: { '@/': 'web/src', '#shared/': 'shared', '#functions/': 'functions' },
  fences: [
    { from: 'web/src/lib', forbid: ['web/src/features'], why: 'lib serves features' },
    { from: 'shared', forbid: ['functions', 'web'], why: 'shared is pure' },
  ],
});
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { ecmaVersion: 2023 as const, sourceType: 'module' as const, parser: tseslint.parser },
    plugins: { fences: { rules: { 'import-fences': rule } } },
    rules: { 'fences/import-fences': 'error' as const },
  },
];

const problems = (code: string, file: string) => linter.verify(code, config, { filename: `${root}/${file}` }).map((message) => message.message);

describe('import-fences', () => {
  it('refuses a feature from lib/ by alias, relative path, re-export and dynamic import', () => {
    expect(problems(`import { s } from '@/features/auth/session.ts';`, 'web/src/lib/realtime/provider.ts')).toEqual([
      "web/src/lib does not import web/src/features (@/features/auth/session.ts): lib serves features",
    ]);
    expect(problems(`import { s } from '../../features/auth/session.ts';`, 'web/src/lib/realtime/provider.ts')).toHaveLength(1);
    expect(problems(`export * from '@/features/quiz';`, 'web/src/lib/index.ts')).toHaveLength(1);
    expect(problems(`const m = import('@/features/quiz/page.ts');`, 'web/src/lib/lazy.ts')).toHaveLength(1);
  });

  it('refuses the hosts from shared/, type-only imports included', () => {
    expect(problems(`import type { HttpEvent } from '#functions/lib/http.ts';`, 'shared/quiz/x.ts')).toEqual([
      'shared does not import functions (#functions/lib/http.ts): shared is pure',
    ]);
    expect(problems(`import { api } from '../../web/src/lib/api-client.ts';`, 'shared/quiz/x.ts')).toHaveLength(1);
  });

  it('allows what lies on the near side of the fence, packages, and files outside any fence', () => {
    expect(problems(`import { a } from '../api-client.ts'; import { b } from '#shared/dates.ts'; import { z } from 'zod';`, 'web/src/lib/realtime/provider.ts')).toEqual([]);
    expect(problems(`import { c } from './constants.ts'; import { d } from '#shared/quiz/score.ts';`, 'shared/quiz/x.ts')).toEqual([]);
    // `web/src/libs` is not `web/src/lib`: the fence compares whole folders.
    expect(problems(`import { s } from '@/features/auth/session.ts';`, 'web/src/libs/x.ts')).toEqual([]);
    expect(problems(`import { s } from '@/features/auth/session.ts';`, 'web/src/app/session-realtime.ts')).toEqual([]);
  });
});

describe('the repository’s lint config', () => {
  const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });
  const ruleIds = async (code: string, file: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, '../..', file) });
    return (result?.messages ?? []).map((message) => message.ruleId);
  };

  it.each([
    ['web/src/lib', `import { sessionStore } from '@/features/auth/session.ts';\nexport const s = sessionStore;\n`, 'web/src/lib/fence-fixture.ts'],
    ['web/src/components', `import { useSession } from '@/features/auth/use-session.ts';\nexport const u = useSession;\n`, 'web/src/components/fence-fixture.tsx'],
    ['shared (functions)', `import { env } from '#functions/lib/env.ts';\nexport const e = env;\n`, 'shared/fence-fixture.ts'],
    ['shared (infra)', `import { REPO_ROOT } from '../infra/constructs/bundling.ts';\nexport const r = REPO_ROOT;\n`, 'shared/fence-fixture.ts'],
    ['shared (web)', `import { api } from '../web/src/lib/api-client.ts';\nexport const a = api;\n`, 'shared/fence-fixture.ts'],
  ])('fences %s', async (_where, code, file) => {
    expect(await ruleIds(code, file)).toEqual(['fences/import-fences']);
  });

  it('still lets the app join a feature to lib/', async () => {
    expect(await ruleIds(`import { sessionStore } from '@/features/auth/session.ts';\nexport const s = sessionStore;\n`, 'web/src/app/fence-fixture.ts')).toEqual([]);
  });
});
