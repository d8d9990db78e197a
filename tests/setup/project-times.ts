import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/** One project's share of a vitest run, as scripts/run-tests.ts prints it. */
export interface ProjectTime {
  project: string;
  files: number;
  tests: number;
  failed: number;
  /** From its first file's start to its last file's end: what the project adds to the run when it runs alone. */
  spanMs: number;
  /** Its files' own times added up (set-up, import and tests, as vitest reports each): the work, wherever it overlapped. */
  filesMs: number;
}

/**
 * Times each project of a run: the projects of one `vitest run` share a pool of workers, so
 * the run's total does not say which of them is slow. Prints a line a project at the end and,
 * when PROJECT_TIMES_FILE names a file, writes the figures there for scripts/run-tests.ts.
 */
export default class ProjectTimes implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();

  /** Handed to a worker: before its import, which for the infra files is most of their time (they synthesise at the top). */
  onTestModuleQueued(module: TestModule): void {
    if (!this.started.has(module.moduleId)) this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module.moduleId, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const byProject = new Map<string, ProjectTime>();
    const spans = new Map<string, { first: number; last: number }>();
    for (const module of modules) {
      const project = module.project.name || '(root)';
      const time = byProject.get(project) ?? { project, files: 0, tests: 0, failed: 0, spanMs: 0, filesMs: 0 };
      const start = this.started.get(module.moduleId);
      const end = this.ended.get(module.moduleId);
      time.files += 1;
      for (const test of module.children.allTests()) {
        time.tests += 1;
        if (test.result().state === 'failed') time.failed += 1;
      }
      const d = module.diagnostic();
      time.filesMs += d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      if (start !== undefined && end !== undefined) {
        const span = spans.get(project);
        spans.set(project, { first: Math.min(span?.first ?? start, start), last: Math.max(span?.last ?? end, end) });
      }
      byProject.set(project, time);
    }
    for (const [project, span] of spans) byProject.get(project)!.spanMs = span.last - span.first;
    const times = [...byProject.values()];
    if (process.env.PROJECT_TIMES_FILE) writeFileSync(process.env.PROJECT_TIMES_FILE, JSON.stringify(times));
    else for (const t of times) console.log(`project ${t.project}: ${t.files} files, ${t.tests} tests (${t.failed} failed) in ${seconds(t.spanMs)} (files' own time ${seconds(t.filesMs)})`);
  }
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
