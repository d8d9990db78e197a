import { CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SCHEDULES } from '#events/schedules.ts';
import { API_AREAS, ROUTES, type ApiArea, type ApiRoute } from '#functions/routes.ts';
import { METRICS_PER_ALARM } from '#infra/constructs/function-alarms.ts';
import { ApiAreaStack } from '#infra/stacks/api-area-stack.ts';
import { routeAccess, scheduleAccess } from '#infra/stacks/function-access.ts';
import { SchedulesStack } from '#infra/stacks/schedules-stack.ts';
import { watchStacks } from '#infra/stacks/watch.ts';
import { MAIL_FROM, newUnbundledPlatform, unbundledPlatform } from './support/unbundled-platform.ts';

/**
 * CloudFormation refuses a stack of more than 500 resources. Every stack must stay under 400,
 * and each API area must have room to grow: the later issues bring the social area (the
 * largest: ~40 routes by the social calls: daily challenge, friends and requests,
 * friend challenges, feed, leaderboards, tournaments, study groups and chat, notifications),
 * learning (~25), admin (~15) and AI (~6). An area that outgrows its stack splits into two
 * areas (two lines in functions/routes.ts).
 *
 * Synthesised as `cdk synth` does (with the CDK metadata resource each deployed stack gets)
 * but without bundling the Lambdas: bundles change no resource count, and this keeps the
 * numbers cheap enough to appear in the test names.
 */
const BOUND = 400;
const ROUTES_PER_AREA_NEEDED = 40;
const JOBS_NEEDED = 40;

/** What the functions of a grown stack are given, from the platform it joins. */
function functionResources(platform: ReturnType<typeof newUnbundledPlatform>['platform']) {
  return {
    table: platform.data.table,
    userPoolId: platform.auth.userPool.userPoolId,
    userPoolClientId: platform.auth.userPoolClient.userPoolClientId,
    userPoolClientSecret: platform.auth.userPoolClientSecret,
    eventBusName: platform.names.eventBus,
    mailFrom: MAIL_FROM,
    webSocket: platform.realtime.webSocket,
  };
}

type Resources = Record<string, { Type: string }>;
const resourcesOf = (stack: Stack): Resources => Template.fromStack(stack).toJSON().Resources;
const countOf = (stack: Stack) => Object.keys(resourcesOf(stack)).length;

// The app the template tests share (synthesised with the CDK metadata resource, as `cdk synth` does).
const { app, platform } = unbundledPlatform();
const AREAS = Object.keys(API_AREAS) as ApiArea[];
const stacks: Stack[] = [
  platform.alerts,
  platform.data,
  platform.auth,
  platform.realtime,
  platform.events,
  platform.api,
  ...AREAS.map((area) => platform.apiAreas[area]),
  ...(platform.schedules ? [platform.schedules] : []),
  platform.apiStage,
  platform.web,
  platform.monitoring,
];
const counts = new Map(stacks.map((stack) => [stack, countOf(stack)]));

/** The resources of a route: those of its template that sit under the route's construct. */
const perRoute = new Map<ApiRoute, string[]>();
for (const area of AREAS) {
  const stack = platform.apiAreas[area];
  const template = resourcesOf(stack);
  for (const handler of stack.handlers) {
    const route = ROUTES.find((r) => r.name === handler.node.id)!;
    const ids = handler.node
      .findAll()
      .filter((c): c is CfnResource => c instanceof CfnResource)
      .map((c) => stack.resolve(c.logicalId) as string);
    perRoute.set(route, ids.filter((id) => id in template).map((id) => template[id]!.Type));
  }
}
const heaviest = [...perRoute.entries()].reduce((a, b) => (b[1].length > a[1].length ? b : a));
const [heaviestRoute, heaviestTypes] = heaviest;
const costOfRoute = heaviestTypes.length;
/** An area's errors alarms: one per METRICS_PER_ALARM functions (infra/constructs/function-alarms.ts). */
const alarmsFor = (routes: number) => Math.ceil(routes / METRICS_PER_ALARM);
const sizeOf = (own: number, routes: number) => own + routes * costOfRoute + alarmsFor(routes);
/** The most routes like the heaviest an area stack holds under BOUND. */
function roomOf(own: number): number {
  let n = 0;
  while (sizeOf(own, n + 1) < BOUND) n += 1;
  return n;
}
const alarmCount = (stack: Stack) => Object.values(resourcesOf(stack)).filter((r) => r.Type === 'AWS::CloudWatch::Alarm').length;
const areaRows = AREAS.map((area) => {
  const stack = platform.apiAreas[area];
  const routes = ROUTES.filter((r) => r.area === area);
  const own = counts.get(stack)! - routes.reduce((n, r) => n + perRoute.get(r)!.length, 0) - alarmCount(stack);
  const room = roomOf(own);
  return { area, routes: routes.length, own, total: counts.get(stack)!, room };
});

/**
 * The stacks grown for the room-to-grow checks, all in one more app: each is a stack of its own
 * whose count depends on it alone, so they share one platform to point at and one synthesis
 * (rather than a whole platform built and synthesised for each size, minutes of the infra run).
 */
const growth = (() => {
  const { app: grown, platform: p } = newUnbundledPlatform('stack-size-growth');
  const resources = functionResources(p);
  const room = roomOf(areaRows.find((row) => row.area === heaviestRoute.area)!.own);
  /** An area stack of `n` routes, each a copy of the heaviest route, watched as the platform watches its areas. */
  const areaStacks = new Map(
    [room, room + 1].map((n) => {
      const routes: ApiRoute[] = Array.from({ length: n }, (_, i) => ({ ...heaviestRoute, name: `Growth${i}`, path: `/api/${heaviestRoute.area}/growth-${i}` }));
      const stack = new ApiAreaStack(grown, `Growth${n}`, {
        area: heaviestRoute.area,
        routes,
        httpApiId: p.api.api.apiId,
        authorizerId: p.api.authorizer.authorizerId,
        resources,
        edgeSecret: p.data.edgeSecret,
        accessOf: () => routeAccess(heaviestRoute.name),
      });
      watchStacks({ names: p.names, functionAreas: [[heaviestRoute.area, stack]], stacks: [stack] });
      return [n, stack] as const;
    }),
  );
  /** A schedules stack of `n` copies of the first job of the table. */
  const [name, job] = Object.entries(SCHEDULES)[0]!;
  const scheduleStacks = new Map(
    [1, 2, JOBS_NEEDED].map((n) => {
      const table = Object.fromEntries(Array.from({ length: n }, (_, i) => [`growth-${i}`, job]));
      return [n, new SchedulesStack(grown, `GrowthSchedules${n}`, { resources, scheduleGroupName: 'growth', schedules: table, accessOf: () => scheduleAccess(name) })] as const;
    }),
  );
  const counted = (stacks: Map<number, Stack>, n: number) => {
    const stack = stacks.get(n);
    if (!stack) throw new Error(`no stack of ${n} grown: add it above`);
    return countOf(stack);
  };
  return { areaOf: (n: number) => counted(areaStacks, n), schedulesOf: (n: number) => counted(scheduleStacks, n) };
})();

describe('stack sizes (CloudFormation refuses more than 500 resources; we hold 400)', () => {
  it('measures every stack of the app', () => {
    expect(app.node.children.filter((c) => c instanceof Stack)).toHaveLength(stacks.length);
  });

  for (const stack of stacks) {
    it(`${stack.stackName}: ${counts.get(stack)} resources, under ${BOUND}`, () => {
      expect(counts.get(stack)).toBeLessThan(BOUND);
    });
  }
});

describe(`room to grow: each API area holds at least ${ROUTES_PER_AREA_NEEDED} routes under ${BOUND}`, () => {
  it(`a route costs at most ${costOfRoute} resources (${heaviestRoute.name}: ${heaviestTypes.map((t) => t.split('::').pop()).join(', ')})`, () => {
    // Function, its role and policy, its log group, the integration, the route, the invoke permission.
    expect(costOfRoute).toBeLessThanOrEqual(7);
    for (const types of perRoute.values()) expect(types.length).toBeGreaterThanOrEqual(6); // a route without table access has no policy
  });

  for (const { area, routes, own, total, room } of areaRows) {
    it(`api ${area}: ${routes} routes + ${alarmsFor(routes)} alarms + ${own} of its own = ${total} resources; room for ${room} routes like ${heaviestRoute.name} (${ROUTES_PER_AREA_NEEDED} needed)`, () => {
      expect(total).toBeLessThan(BOUND);
      expect(room).toBeGreaterThanOrEqual(ROUTES_PER_AREA_NEEDED);
    });
  }

  const own = areaRows.find((row) => row.area === heaviestRoute.area)!.own;
  const room = roomOf(own);
  it(`synthesised, an area of ${room} such routes has ${sizeOf(own, room)} resources (${alarmsFor(room)} of them alarms); one more route reaches ${BOUND}`, () => {
    expect(growth.areaOf(room)).toBe(sizeOf(own, room));
    expect(growth.areaOf(room)).toBeLessThan(BOUND);
    expect(growth.areaOf(room + 1)).toBeGreaterThanOrEqual(BOUND);
  });
});

describe(`room to grow: the schedules stack holds at least ${JOBS_NEEDED} jobs under ${BOUND}`, () => {
  const one = growth.schedulesOf(1);
  const perJob = growth.schedulesOf(2) - one;
  const own = one - perJob;
  const needed = growth.schedulesOf(JOBS_NEEDED);

  // Not quite linear: past ~30 jobs the shared invoker role's policy outgrows IAM's inline size
  // and CDK moves statements into managed policies (a few more resources).
  it(`a job costs ${perJob} resources and the stack ${own} of its own; ${JOBS_NEEDED} jobs synthesise to ${needed}`, () => {
    expect(needed).toBeGreaterThanOrEqual(own + JOBS_NEEDED * perJob);
    expect(needed).toBeLessThan(BOUND);
  });
});
