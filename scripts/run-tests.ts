import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { ProjectTime } from '../tests/setup/project-times.ts';

/**
 * `npm test`: the checks and test projects, then a table of how long each took, and each vitest
 * project within its run (tests/setup/project-times.ts measures those), so a slow part shows by name.
 * The steps run in phases; the lanes of a phase run at the same time, each lane's steps in order.
 * The first step that fails stops the run (the others still running are stopped) and its exit
 * code is the run's. A lane's output lines carry its name while another lane runs beside it.
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
  steps: Step[];
}

const phases: Lane[][] = [
  [
    // The handler tests spend most of their time waiting on DynamoDB Local and cognito-local (other
    // processes), so the checks, which only compute, take the other core beside them. A vitest
    // process of its own: the handler stack's functions read the process environment.
    { name: 'handlers', steps: [{ name: 'vitest handlers', command: ['vitest', 'run', '--project', 'handlers'], vitest: true }] },
    {
      name: 'checks',
      steps: [
        { name: 'tsc -p .', command: ['tsc', '-p', '.'] },
        { name: 'tsc -p web/service-worker', command: ['tsc', '-p', 'web/service-worker'] },
        { name: 'eslint .', command: ['eslint', '.'] },
        // The import-circle check, once package.json has it.
        ...(scripts['check:circles'] ? [{ name: 'npm run check:circles', command: ['npm', 'run', '--silent', 'check:circles'] }] : []),
        { name: 'vitest unit, infra', command: ['vitest', 'run', '--project', 'unit', '--project', 'infra'], vitest: true },
      ],
    },
  ],
  // Alone: pages, sockets and the live match are timed against the clock.
  [{ name: 'e2e', steps: [{ name: 'vitest e2e', command: ['vitest', 'run', '--project', 'e2e'], vitest: true }] }],
];

interface Row {
  name: string;
  /** Undefined for a step not run. */
  ms: number | undefined;
  result: string;
  projects: ProjectTime[];
}

const scratch = mkdtempSync(path.join(tmpdir(), 'run-tests-'));
// Run directly (not through npm), the project's binaries are still found.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}` };

const running = new Set<ChildProcess>();
let stopping = false;

/** Runs one step; with a prefix, its output is piped through line by line with the prefix in front. */
function run(step: Step, index: number, prefix: string | null): Promise<{ code: number; projects: ProjectTime[] }> {
  const timesFile = path.join(scratch, `projects-${index}.json`);
  const [command, ...args] = step.command as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: prefix ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      env: step.vitest ? { ...env, PROJECT_TIMES_FILE: timesFile } : env,
    });
    running.add(child);
    if (prefix) {
      for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
        createInterface({ input: from!, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix} ${line}\n`));
      }
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
    lines.push([row.name, row.ms === undefined ? '-' : seconds(row.ms), row.result]);
    for (const p of row.projects) {
      lines.push([`  project ${p.project}`, seconds(p.spanMs), `${p.files} files, ${p.tests} tests${p.failed ? `, ${p.failed} failed` : ''}; files' own time ${seconds(p.filesMs)}`]);
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

/** A lane's steps in order, until one fails or another lane's failure stops the run. */
async function runLane(lane: Lane, prefix: string | null): Promise<void> {
  for (const step of lane.steps) {
    if (stopping) return;
    const stepStarted = Date.now();
    const { code, projects } = await run(step, stepIndex++, prefix);
    const stopped = stopping && code !== 0;
    rows.set(step, { name: step.name, ms: Date.now() - stepStarted, result: code === 0 ? 'ok' : stopped ? 'stopped' : `FAILED (exit ${code})`, projects });
    if (code !== 0 && !stopped) {
      exitCode ||= code;
      stopping = true;
      for (const child of running) child.kill('SIGTERM');
      return;
    }
  }
}

const report: Row[] = [];
for (const lanes of phases) {
  const steps = lanes.flatMap((lane) => lane.steps);
  const phaseStarted = Date.now();
  const ran = !stopping;
  if (ran) {
    const width = Math.max(...lanes.map((lane) => lane.name.length));
    await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1 ? `[${lane.name.padEnd(width)}]` : null)));
  }
  // Lanes side by side: the phase's own time first, then the steps within it.
  if (lanes.length > 1) report.push({ name: `at once: ${lanes.map((lane) => lane.name).join(' | ')}`, ms: ran ? Date.now() - phaseStarted : undefined, result: '', projects: [] });
  for (const step of steps) report.push(rows.get(step) ?? { name: step.name, ms: undefined, result: 'not run', projects: [] });
}
rmSync(scratch, { recursive: true, force: true });
console.log(`\n${table(report, Date.now() - started)}`);
process.exit(exitCode);
