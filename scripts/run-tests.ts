import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { ProjectTime } from '../tests/setup/project-times.ts';

/**
 * `npm test`: the checks and test projects, then a table of how long each took, and each vitest
 * project within its run (tests/setup/project-times.ts measures those), so a slow part shows by name.
 * The steps run in lanes at once, each lane's steps in order (a lane may wait for another's step).
 * The first step that fails stops the run (the other lanes' steps are stopped too) and its exit
 * code is the run's. Each output line starts with its lane's name.
 */
const root = path.resolve(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

interface Step {
  name: string;
  command: string[];
  /** A vitest run: its projects are timed too. */
  vitest?: boolean;
}

interface Lane {
  name: string;
  /** Run at the lowest CPU priority (nice 19): it takes only what the other lanes leave. */
  yields?: boolean;
  /** The lane starts once this step (of another lane) has ended. */
  after?: Step;
  steps: Step[];
}

const handlers: Step = { name: 'vitest handlers', command: ['vitest', 'run', '--project', 'handlers'], vitest: true };

const lanes: Lane[] = [
  {
    // The tests that run a stack: their timeouts and the e2e's pages, sockets and live match are
    // measured against the clock, so this lane has the CPU first. Each project in a vitest process
    // of its own: the stack's functions read the process environment.
    name: 'stacks',
    steps: [handlers, { name: 'vitest e2e', command: ['vitest', 'run', '--project', 'e2e'], vitest: true }],
  },
  {
    // Work that only computes, in whatever CPU the stacks leave idle while they wait on DynamoDB
    // Local, cognito-local and Chromium.
    name: 'checks',
    yields: true,
    steps: [
      { name: 'tsc -p .', command: ['tsc', '-p', '.'] },
      { name: 'tsc -p web/service-worker', command: ['tsc', '-p', 'web/service-worker'] },
      { name: 'eslint .', command: ['eslint', '.'] },
      // The import-circle check, once package.json has it.
      ...(scripts['check:circles'] ? [{ name: 'npm run check:circles', command: ['npm', 'run', '--silent', 'check:circles'] }] : []),
      { name: 'vitest unit', command: ['vitest', 'run', '--project', 'unit'], vitest: true },
    ],
  },
  {
    // The CDK synth and bundles are the heaviest computing: beside the e2e tests, which wait on
    // the browser and the clock far more than the handler tests wait on DynamoDB Local.
    name: 'infra',
    yields: true,
    after: handlers,
    steps: [{ name: 'vitest infra', command: ['vitest', 'run', '--project', 'infra'], vitest: true }],
  },
];

interface Row {
  name: string;
  /** Undefined for a step not run. */
  ms: number | undefined;
  result: string;
  projects: ProjectTime[];
  /** A lane's own line, above its steps. */
  lane?: boolean;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'run-tests-'));
// Run directly (not through npm), the project's binaries are still found.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` };

const running = new Set<ChildProcess>();
let stopping = false;

/** Runs one step, its output piped through line by line with the lane's prefix in front. */
function run(step: Step, index: number, lane: Lane, prefix: string): Promise<{ code: number; projects: ProjectTime[] }> {
  const timesFile = path.join(scratch, `projects-${index}.json`);
  // Through nice(1), so every process the step starts has the lane's priority from its start.
  const [command, ...args] = (lane.yields ? ['nice', '-n', '19', ...step.command] : step.command) as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: step.vitest ? { ...env, PROJECT_TIMES_FILE: timesFile } : env,
    });
    running.add(child);
    for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix} ${line}\n`));
    }
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      running.delete(child);
      resolve({ code: 127, projects: [] });
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      let projects: ProjectTime[] = [];
      try {
        if (step.vitest) projects = JSON.parse(readFileSync(timesFile, 'utf8')) as ProjectTime[];
      } catch {
        // A run that stopped before its end wrote no figures: the step's own time still stands.
      }
      resolve({ code: code ?? (signal ? 128 + signalNumber(signal) : 1), projects });
    });
  });
}

const signalNumber = (signal: NodeJS.Signals): number => ({ SIGINT: 2, SIGTERM: 15, SIGKILL: 9 })[signal as string] ?? 1;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const minutes = (ms: number): string => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

function table(rows: Row[], totalMs: number): string {
  const lines: [string, string, string][] = [['step', 'time', 'result']];
  for (const row of rows) {
    lines.push([row.lane ? row.name : `  ${row.name}`, row.ms === undefined ? '-' : seconds(row.ms), row.result]);
    for (const p of row.projects) {
      lines.push([`    project ${p.project}`, seconds(p.spanMs), `${p.files} files, ${p.tests} tests${p.failed ? `, ${p.failed} failed` : ''}; files' own time ${seconds(p.filesMs)}`]);
    }
  }
  lines.push(['total', `${seconds(totalMs)} (${minutes(totalMs)})`, '']);
  const width = (i: 0 | 1) => Math.max(...lines.map((l) => l[i].length));
  return lines.map(([a, b, c]) => `${a.padEnd(width(0))}  ${b.padStart(width(1))}  ${c}`.trimEnd()).join('\n');
}

const rows = new Map<Step, Row>();
const started = Date.now();
let exitCode = 0;
let stepIndex = 0;

/** Each step's end (run, failed, stopped or never started), for the lanes that start after it. */
const ended = new Map<Step, { promise: Promise<void>; resolve: () => void }>();
const endOf = (step: Step) => {
  if (!ended.has(step)) {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    ended.set(step, { promise, resolve });
  }
  return ended.get(step)!;
};

/** A lane's steps in order, until one fails or another lane's failure stops the run. */
async function runLane(lane: Lane, prefix: string): Promise<void> {
  try {
    if (lane.after) await endOf(lane.after).promise;
    for (const step of lane.steps) {
      if (stopping) return;
      const stepStarted = Date.now();
      const { code, projects } = await run(step, stepIndex++, lane, prefix);
      const stopped = stopping && code !== 0;
      rows.set(step, { name: step.name, ms: Date.now() - stepStarted, result: code === 0 ? 'ok' : stopped ? 'stopped' : `FAILED (exit ${code})`, projects });
      endOf(step).resolve();
      if (code !== 0 && !stopped) {
        exitCode ||= code;
        stopping = true;
        for (const child of running) child.kill('SIGTERM');
        return;
      }
    }
  } finally {
    // Steps a stop kept from starting end too: a lane waiting for one must not wait for ever.
    for (const step of lane.steps) endOf(step).resolve();
  }
}

const width = Math.max(...lanes.map((lane) => lane.name.length));
const laneMs = await Promise.all(
  lanes.map(async (lane) => {
    const laneStarted = Date.now();
    await runLane(lane, `[${lane.name.padEnd(width)}]`);
    return Date.now() - laneStarted;
  }),
);
const report: Row[] = lanes.flatMap((lane, i) => [
  { name: `lane ${lane.name}${lane.yields ? ' (nice 19)' : ''}`, ms: laneMs[i], result: lane.after ? `from the start, waiting for ${lane.after.name}` : '', projects: [], lane: true },
  ...lane.steps.map((step) => rows.get(step) ?? { name: step.name, ms: undefined, result: 'not run', projects: [] }),
]);
rmSync(scratch, { recursive: true, force: true });
console.log(`\n${table(report, Date.now() - started)}`);
process.exit(exitCode);
