import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { API_AREAS, ROUTES, type ApiArea } from '#functions/routes.ts';
import { repoPath } from '#infra/constructs/bundling.ts';
import { routeAccess } from '#infra/stacks/function-access.ts';
import { addPlatform } from '#infra/stacks/platform.ts';
import { writeWebDist } from '../support/web-dist.ts';

/** Routes that call the AI layer get the time Bedrock needs, within API Gateway's 30 s. */
const scratch = mkdtempSync(path.join(tmpdir(), 'route-timeouts-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const { context } = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8'));
const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] }, outdir: path.join(scratch, 'out') });
const platform = addPlatform(app, { stage: 'timeouts', mailFrom: 'no-reply@quiz.example', webDistPath: writeWebDist(path.join(scratch, 'web-dist')) });

type Resource = { Type: string; Properties: Record<string, unknown> };

/** Each route's function timeout and its integration's, by the route's description (`POST /api/…`). */
function timeouts(area: ApiArea) {
  const byId = Object.entries(Template.fromStack(platform.apiAreas[area]).toJSON().Resources as Record<string, Resource>);
  const functions = byId.filter(([, r]) => r.Type === 'AWS::Lambda::Function');
  return functions.map(([id, fn]) => {
    const integration = byId.map(([, r]) => r).find((r) => r.Type === 'AWS::ApiGatewayV2::Integration' && JSON.stringify(r.Properties.IntegrationUri).includes(`"${id}"`));
    return { route: String(fn.Properties.Description), fn: fn.Properties.Timeout, integration: integration?.Properties.TimeoutInMillis };
  });
}

describe('route timeouts', () => {
  const aiRoutes = ROUTES.filter((r) => routeAccess(r.name).ai).map((r) => `${r.method} ${r.path}`);

  it('gives the AI routes (tutor, explanations, videos, guides, similar questions) 28 s inside a 29 s integration', () => {
    expect(aiRoutes.length).toBeGreaterThanOrEqual(7);
    const all = (Object.keys(API_AREAS) as ApiArea[]).flatMap(timeouts);
    for (const route of aiRoutes) expect(all.find((t) => t.route === route), route).toMatchObject({ fn: 28, integration: 29_000 });
  });

  it('keeps every other route at 10 s, so a stuck call is cut short', () => {
    const others = (Object.keys(API_AREAS) as ApiArea[]).flatMap(timeouts).filter((t) => !aiRoutes.includes(t.route));
    expect(others.length).toBeGreaterThan(100);
    for (const t of others) expect(t, t.route).toMatchObject({ fn: 10 });
    // Adding documents only stores them and queues their embedding, so it needs no AI time.
    expect(others.map((t) => t.route)).toContain('POST /api/knowledge/documents');
  });
});
