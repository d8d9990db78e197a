import type { Rule } from 'eslint';

export interface ImportFence {
  /** The folder whose files are fenced, relative to root. */
  from: string;
  /** Folders, relative to root, that those files may not import. */
  forbid: readonly string[];
  /** Said in the message: where the piece belongs instead. */
  why: string;
}

export interface ImportFencesOptions {
  /** Absolute path of the repository. */
  root: string;
  /** Import prefix → the folder it points at, relative to root (`'@/': 'web/src'`). */
  aliases: Readonly<Record<string, string>>;
  fences: readonly ImportFence[];
}

export function importFences(options: ImportFencesOptions): Rule.RuleModule;
