import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath } from '#infra/constructs/bundling.ts';
import { checkMailFrom, PLACEHOLDER_MAIL_FROM } from '#infra/stage-config.ts';

/** A stage other than dev never deploys with cdk.json's placeholder sender (docs/runbook.md, first deploy). */
describe('the sender of a stage', () => {
  it.each([
    ['dev', PLACEHOLDER_MAIL_FROM],
    ['prod', 'no-reply@quiz.example'],
    ['staging', 'quiz.example'],
  ])('%s with %s synthesises', (stage, mailFrom) => {
    expect(() => checkMailFrom(stage, mailFrom)).not.toThrow();
  });

  it.each(['prod', 'staging', 'Dev'])('%s with the placeholder is refused, naming the flag to pass', (stage) => {
    expect(() => checkMailFrom(stage, PLACEHOLDER_MAIL_FROM)).toThrow(`Stage "${stage}" would send mail as the placeholder ${PLACEHOLDER_MAIL_FROM}`);
    expect(() => checkMailFrom(stage, ' No-Reply@Example.com ')).toThrow(`-c stage=${stage} -c mailFrom=`);
  });

  const outdir = mkdtempSync(path.join(tmpdir(), 'stage-config-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('`cdk synth -c stage=prod` without mailFrom stops in infra/app.ts before building a stack', () => {
    // What the CDK CLI hands the app: the context (cdk.json's is not read without the CLI) and the output folder.
    const run = spawnSync(repoPath('node_modules/.bin/tsx'), [repoPath('infra/app.ts')], {
      cwd: repoPath('.'),
      env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify({ stage: 'prod' }), CDK_OUTDIR: outdir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`Stage "prod" would send mail as the placeholder ${PLACEHOLDER_MAIL_FROM}`);
  });
});
