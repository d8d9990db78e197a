import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { repoPath } from '#infra/constructs/bundling.ts';
import { platformNames } from '#infra/stacks/names.ts';
import { addPlatform } from '#infra/stacks/platform.ts';
import { writeWebDist } from '../../support/web-dist.ts';

/** cdk.json's context, which the CDK CLI hands the app (an App built in a test reads none by itself). */
export const CDK_CONTEXT = (JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

export const STAGE = 'infra';
export const MAIL_FROM = 'no-reply@quiz.example';
export const ALARM_EMAIL = 'ops@quiz.example';

/**
 * A scratch folder that goes when the process ends: the infra files share one worker
 * (isolate: false), so a folder one file made may still be read by the next.
 */
const scratchFolders = new Set<string>();
export function scratchFolder(prefix: string): string {
  if (scratchFolders.size === 0) process.once('exit', () => scratchFolders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratchFolders.add(dir);
  return dir;
}

/**
 * A new app of one whole stage, as `cdk synth` builds it (cdk.json's context, the CDK metadata
 * resource each deployed stack gets) but without bundling the Lambdas: bundles change no
 * template, only the code an asset holds (tests/infra/stacks.test.ts and bundles.test.ts check that).
 */
export function newUnbundledPlatform(name: string, config: { stage?: string; alarmEmail?: string } = {}) {
  const scratch = scratchFolder(`${name}-`);
  const app = new App({ analyticsReporting: true, context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] }, outdir: path.join(scratch, 'out') });
  const webDistPath = writeWebDist(path.join(scratch, 'web-dist'));
  const platform = addPlatform(app, { stage: config.stage ?? STAGE, mailFrom: MAIL_FROM, alarmEmail: config.alarmEmail, webDistPath });
  return { app, platform, webDistPath, scratch };
}

let shared: ReturnType<typeof build> | undefined;
function build() {
  const started = performance.now();
  const { app, platform, webDistPath, scratch } = newUnbundledPlatform('unbundled-platform', { alarmEmail: ALARM_EMAIL });
  // Synthesised at once, so the templates every file reads are final before any file adds to
  // the tree (nag.test.ts acknowledges findings on resources; finding ids need a synthesised app).
  app.synth();
  return {
    app,
    platform,
    names: platformNames(STAGE),
    /** Every stack of the app, in the order addPlatform adds them. */
    stacks: app.node.children.filter((c): c is Stack => c instanceof Stack),
    /** The web build the web stack uploads (a stand-in: tests/support/web-dist.ts). */
    webDistPath,
    scratch,
    /** How long building and synthesising the app took, in seconds. */
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The one unbundled app of stage STAGE (alarms mailed to ALARM_EMAIL) that the template tests
 * share: built and synthesised by the first file that asks, in this worker, and read by the rest.
 * A test that needs another configuration builds its own (newUnbundledPlatform); none may add to
 * this app's tree anything that changes its templates.
 */
export function unbundledPlatform(): ReturnType<typeof build> {
  shared ??= build();
  return shared;
}
