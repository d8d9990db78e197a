import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { API_AREAS, ROUTES, type ApiArea } from '#functions/routes.ts';
import { routeAccess } from '#infra/stacks/function-access.ts';
import { unbundledPlatform } from './support/unbundled-platform.ts';

/** Routes that call the AI layer get the time Bedrock needs, within API Gateway's 30 s. */
const { platform } = unbundledPlatform();

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
