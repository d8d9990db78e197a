import { describe, expect, it } from 'vitest';
import { AcknowledgedAwsSolutionsChecks, acknowledgeNagFindings, nagFindings, type NagFinding } from '#infra/nag-suppressions.ts';
import { unbundledPlatform } from './support/unbundled-platform.ts';

/**
 * cdk-nag's AwsSolutions pack over the whole app, as `cdk synth` runs it (infra/app.ts), but
 * without bundling the Lambdas: no finding may stand unless infra/nag-suppressions.ts names
 * its reason. A failure lists each new finding as `rule  path  message`: classify it there
 * (by-design with a reason, or fix the stack).
 */
// The app the template tests share, synthesised (finding ids name cross-stack references, final once synthesised).
const { app } = unbundledPlatform();
const started = performance.now();
const { before, unused } = acknowledgeNagFindings(app);
const after = nagFindings(app);
const seconds = ((performance.now() - started) / 1000).toFixed(1);

const ruleOf = (finding: NagFinding) => finding.rule.replace(/\[.*$/, '');
function perRule(findings: readonly NagFinding[]): string {
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(ruleOf(finding), (counts.get(ruleOf(finding)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([rule, n]) => `${rule.replace('AwsSolutions-', '')} ${n}`).join(', ');
}
const listed = (findings: readonly NagFinding[]) => findings.map((f) => `  ${f.severity.padEnd(7)} ${f.rule}\n          at ${f.path}\n          ${f.message}`).join('\n');

describe('cdk-nag AwsSolutions over the whole app', () => {
  it(`${before.length} findings before acknowledgment (${perRule(before)}), ${after.length} after; checked in ${seconds} s`, () => {
    if (after.length) expect.fail(`${after.length} cdk-nag findings without a reason (${perRule(after)}); classify each in infra/nag-suppressions.ts:\n${listed(after)}`);
    expect(after).toHaveLength(0);
  });

  it('is what `cdk synth` runs: the plugin infra/app.ts registers reports nothing either', () => {
    const report = new AcknowledgedAwsSolutionsChecks().validate({ appConstruct: app, templatePaths: [] } as unknown as Parameters<AcknowledgedAwsSolutionsChecks['validate']>[0]);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('has no stale "being fixed" acknowledgment (once the fix lands, delete its entry)', () => {
    const stale = unused.filter((entry) => entry.status === 'being-fixed');
    if (stale.length) expect.fail(`No longer found, so the fix landed: delete from infra/nag-suppressions.ts\n${stale.map((e) => `  ${e.finding} at ${e.path}: ${e.reason}`).join('\n')}`);
    expect(stale).toHaveLength(0);
  });
});
