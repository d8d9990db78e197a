import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProjectTime } from '../tests/setup/project-times.ts';

/**
 * `npm test`: the checks and test projects in sequence, stopping at the first that fails
 * (its exit code is the run's), then a table of how long each took, and each vitest project
 * within its run (tests/setup/project-times.ts measures those), so a slow part shows by name.
 */
const root = path.resolve(import.meta.dirname, '..');
const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

interface Step {
  name: string;
  command: string[];
  /** A vitest run: its projects are timed too. */
  vitest?: boolean;
}

const steps: Step[] = [
  { name: 'tsc -p .', command: ['tsc', '-p', '.'] },
  { name: 'tsc -p web/service-worker', command: ['tsc', '-p', 'web/service-worker'] },
  { name: 'eslint .', command: ['eslint', '.'] },
  // The import-circle check, once package.json has it.
  ...(scripts['check:circles'] ? [{ name: 'npm run check:circles', command: ['npm', 'run', '--silent', 'check:circles'] }] : []),
  { name: 'vitest unit, handlers, infra', command: ['vitest', 'run', '--project', 'unit', '--project', 'handlers', '--project', 'infra'], vitest: true },
  // Its own process: the e2e stack's handlers read the process environment, as the handler stack's do.
  { name: 'vitest e2e', command: ['vitest', 'run', '--project', 'e2e'], vitest: true },
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

function run(step: Step, index: number): Promise<{ code: number; projects: ProjectTime[] }> {
  const timesFile = path.join(scratch, `projects-${index}.json`);
  const [command, ...args] = step.command as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: step.vitest ? { ...env, PROJECT_TIMES_FILE: timesFile } : env });
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      resolve({ code: 127, projects: [] });
    });
    child.on('exit', (code, signal) => {
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

const rows: Row[] = [];
const started = Date.now();
let exitCode = 0;
for (const [index, step] of steps.entries()) {
  const stepStarted = Date.now();
  const { code, projects } = await run(step, index);
  rows.push({ name: step.name, ms: Date.now() - stepStarted, result: code === 0 ? 'ok' : `FAILED (exit ${code})`, projects });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
for (const step of steps.slice(rows.length)) rows.push({ name: step.name, ms: undefined, result: 'not run', projects: [] });
rmSync(scratch, { recursive: true, force: true });
console.log(`\n${table(rows, Date.now() - started)}`);
process.exit(exitCode);
