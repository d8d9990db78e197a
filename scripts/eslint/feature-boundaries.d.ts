import type { Rule } from 'eslint';

export interface FeatureBoundariesOptions {
  /** Absolute path of the repository. */
  root: string;
  /** The folder holding one folder per feature, relative to root. */
  featuresDir: string;
  /** The import alias prefix; `@/` unless told. */
  aliasPrefix?: string;
  /** The folder the alias points at, relative to root. */
  aliasTarget: string;
}

export function featureBoundaries(options: FeatureBoundariesOptions): Rule.RuleModule;
