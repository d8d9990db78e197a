import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Table } from 'aws-cdk-lib/aws-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { CONSUMERS, queueVisibilitySeconds, type ConsumerName } from '#events/consumers.ts';
import { SCHEDULES } from '#events/schedules.ts';
import { repoPath } from '#infra/constructs/bundling.ts';
import type { PlatformResources } from '#infra/constructs/project-function.ts';
import { JOB_CONCURRENCY, totalReserved } from '#infra/stacks/concurrency.ts';
import { EventsStack } from '#infra/stacks/events-stack.ts';
import { SchedulesStack } from '#infra/stacks/schedules-stack.ts';

/**
 * And 8, as CDK synthesises them (without bundling the Lambdas): the weekly
 * parent summaries fan out through an SQS queue (one message per e-mail, retried alone, a
 * dead-letter queue after 5 deliveries), and the scheduled jobs and event consumers have
 * reserved concurrency that the `reservedConcurrency` context scales or switches off.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'queues-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const { context } = JSON.parse(readFileSync(repoPath('cdk.json'), 'utf8'));

/** The events and schedules stacks alone (the rest of the platform does not change them): seconds, not a minute. */
function synth(name: string, extra: Record<string, unknown> = {}) {
  const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [], ...extra }, outdir: path.join(scratch, name) });
  const base = new Stack(app, 'Base');
  const resources: PlatformResources = {
    table: Table.fromTableArn(base, 'Table', 'arn:aws:dynamodb:us-east-1:123456789012:table/quizquest-q'),
    userPoolId: 'us-east-1_pool',
    userPoolClientId: 'client',
    eventBusName: 'quizquest-q',
    matchStepsQueueName: 'quizquest-q-match-steps',
    knowledgeIndex: { bucketName: 'quizquest-q-knowledge-index', bucketArn: 'arn:aws:s3:::quizquest-q-knowledge-index' },
    mailFrom: 'no-reply@quiz.example',
    webSocket: { apiId: 'wsapi', stageName: 'ws', callbackUrl: 'https://wsapi.execute-api.us-east-1.amazonaws.com/ws' },
  };
  const events = new EventsStack(app, 'Events', { resources });
  const schedules = new SchedulesStack(app, 'Schedules', { resources, scheduleGroupName: 'quizquest-q' });
  return { events: Template.fromStack(events), schedules: Template.fromStack(schedules) };
}

type Resource = { Properties: Record<string, unknown> & { Description?: string } };
const resources = (t: Template, type: string) => t.findResources(type) as Record<string, Resource>;
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
/** A consumer's function in the events template, by its construct id. */
const consumerFn = (t: Template, consumer: string) => Object.entries(resources(t, 'AWS::Lambda::Function')).find(([id]) => new RegExp(`^${pascal(consumer)}[0-9A-F]{8}$`).test(id))!;
/** A job's function in the schedules template, by the description the stack gives it. */
const jobFn = (t: Template, job: keyof typeof SCHEDULES) =>
  Object.values(resources(t, 'AWS::Lambda::Function')).find((f) => f.Properties.Description === `Scheduled: ${SCHEDULES[job].description}`)!;

const byDefault = synth('default');

describe('the weekly parent summaries fan out through a queue (item 7)', () => {
  const t = byDefault.events;
  const [fnId] = consumerFn(t, 'send-weekly-parent-summary');
  const queues = resources(t, 'AWS::SQS::Queue');
  const [queueId, queue] = Object.entries(queues).find(([id]) => id.startsWith('SendWeeklyParentSummaryQueue'))!;

  it('routes WeeklyParentSummaryDue to an encrypted queue, not to the function', () => {
    const [, rule] = Object.entries(resources(t, 'AWS::Events::Rule')).find(([id]) => id.startsWith('SendWeeklyParentSummaryRule'))!;
    expect(rule.Properties.EventPattern).toEqual({ source: ['quizquest'], 'detail-type': ['WeeklyParentSummaryDue'] });
    const [target] = rule.Properties.Targets as { Arn: { 'Fn::GetAtt': string[] }; RetryPolicy: unknown; DeadLetterConfig: unknown }[];
    expect(target!.Arn['Fn::GetAtt']).toEqual([queueId, 'Arn']);
    expect(target!.RetryPolicy).toEqual({ MaximumRetryAttempts: 4, MaximumEventAgeInSeconds: 7200 });
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    // EventBridge may send to the queue, for this rule only.
    t.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['sqs:SendMessage']),
            Principal: { Service: 'events.amazonaws.com' },
            Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [Match.stringLikeRegexp('^SendWeeklyParentSummaryRule'), 'Arn'] } } },
          }),
        ]),
      },
    });
  });

  it('moves a message to the dead-letter queue after 5 deliveries, and hides one in delivery for six times the consumer timeout', () => {
    expect(queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [expect.stringMatching(/^SendWeeklyParentSummaryDeadLetters/), 'Arn'] }, maxReceiveCount: 5 });
    expect(queue.Properties.VisibilityTimeout).toBe(queueVisibilitySeconds('send-weekly-parent-summary'));
    expect(queue.Properties.VisibilityTimeout).toBe(180);
  });

  it('feeds the consumer 10 messages at a time, each failure reported alone, at most 2 invocations at once', () => {
    expect(Object.values(resources(t, 'AWS::Lambda::EventSourceMapping')).filter((m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: fnId }))).toHaveLength(1);
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fnId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
  });

  it('lets the consumer receive and delete from its queue, send mail and mark links, and publish nothing', () => {
    const policy = JSON.stringify(Object.values(resources(t, 'AWS::IAM::Policy')).find((p) => JSON.stringify(p.Properties.Roles).includes(fnId.replace(/[0-9A-F]{8}$/, '')))!.Properties);
    expect(policy).toContain('sqs:ReceiveMessage');
    expect(policy).toContain('sqs:DeleteMessage');
    expect(policy).toContain('ses:SendEmail');
    expect(policy).not.toMatch(/events:PutEvents|sqs:SendMessage/);
  });

  it('makes the weekly job publish instead of send: PutEvents, no SES', () => {
    const job = Object.entries(resources(byDefault.schedules, 'AWS::Lambda::Function')).find(([, f]) => f.Properties.Description === `Scheduled: ${SCHEDULES['send-weekly-parent-summaries'].description}`)!;
    const policy = JSON.stringify(Object.values(resources(byDefault.schedules, 'AWS::IAM::Policy')).find((p) => JSON.stringify(p.Properties.Roles).includes(job[0].replace(/[0-9A-F]{8}$/, '')))!.Properties);
    expect(policy).toContain('events:PutEvents');
    expect(policy).not.toContain('ses:');
    expect(policy).not.toContain('dynamodb:PutItem');
  });
});

/** A queued consumer as synthesised: its queue, the rule that feeds it, its poller and its function. */
function queuedConsumer(t: Template, consumer: ConsumerName) {
  const [fnId, fn] = consumerFn(t, consumer);
  const [queueId, queue] = Object.entries(resources(t, 'AWS::SQS::Queue')).find(([id]) => new RegExp(`^${pascal(consumer)}Queue[0-9A-F]{8}$`).test(id))!;
  const [, rule] = Object.entries(resources(t, 'AWS::Events::Rule')).find(([id]) => id.startsWith(`${pascal(consumer)}Rule`))!;
  const mappings = Object.values(resources(t, 'AWS::Lambda::EventSourceMapping')).filter((m) => JSON.stringify(m.Properties.FunctionName) === JSON.stringify({ Ref: fnId }));
  const policy = JSON.stringify(Object.values(resources(t, 'AWS::IAM::Policy')).find((p) => JSON.stringify(p.Properties.Roles).includes(fnId.replace(/[0-9A-F]{8}$/, '')))!.Properties);
  return { fnId, fn, queueId, queue, rule, mappings, policy };
}

describe('added documents are embedded by a queued consumer', () => {
  const c = queuedConsumer(byDefault.events, 'embed-document');

  it('routes DocumentEmbeddingRequested to its queue, one document a message, two at a time, each failure alone', () => {
    expect(c.rule.Properties.EventPattern).toEqual({ source: ['quizquest'], 'detail-type': ['DocumentEmbeddingRequested'] });
    expect((c.rule.Properties.Targets as { Arn: unknown }[])[0]!.Arn).toEqual({ 'Fn::GetAtt': [c.queueId, 'Arn'] });
    expect(c.mappings).toHaveLength(1);
    expect(c.mappings[0]!.Properties).toMatchObject({ EventSourceArn: { 'Fn::GetAtt': [c.queueId, 'Arn'] }, BatchSize: 1, FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: 2 } });
  });

  it('gives the work 120 s, hides a message in delivery six times that, and dead-letters it after 5 deliveries', () => {
    expect(c.fn.Properties.Timeout).toBe(120);
    expect(c.queue.Properties.VisibilityTimeout).toBe(720);
    expect(c.queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [expect.stringMatching(/^EmbedDocumentDeadLetters/), 'Arn'] }, maxReceiveCount: 5 });
    expect(c.fn.Properties.ReservedConcurrentExecutions).toBe(2);
  });

  it('may call Bedrock and the table, and publishes nothing; the add route publishes and embeds nothing', () => {
    expect(c.policy).toContain('bedrock:InvokeModel');
    expect(c.policy).toContain('sqs:ReceiveMessage');
    expect(c.policy).not.toMatch(/events:PutEvents|ses:/);
    expect(c.fn.Properties.Environment).toMatchObject({ Variables: expect.objectContaining({ AI_PROVIDER: 'bedrock' }) });
  });
});

describe('study reminders fan out through a queue', () => {
  const c = queuedConsumer(byDefault.events, 'send-study-reminder');

  it('routes StudyReminderDue to its queue: ten a batch, two batches at a time, each failure alone, dead letters after 5', () => {
    expect(c.rule.Properties.EventPattern).toEqual({ source: ['quizquest'], 'detail-type': ['StudyReminderDue'] });
    expect(c.mappings).toHaveLength(1);
    expect(c.mappings[0]!.Properties).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'], ScalingConfig: { MaximumConcurrency: 2 } });
    expect(c.fn.Properties.Timeout).toBe(30);
    expect(c.queue.Properties.VisibilityTimeout).toBe(180);
    expect(c.queue.Properties.RedrivePolicy).toMatchObject({ maxReceiveCount: 5 });
    // It writes the notification and pushes it to the person's sockets; it publishes nothing.
    expect(c.policy).toContain('execute-api:ManageConnections');
    expect(c.policy).not.toContain('events:PutEvents');
  });

  it('makes the 5-minute job publish instead of send: PutEvents and reads, no writes, no pushes', () => {
    const job = Object.entries(resources(byDefault.schedules, 'AWS::Lambda::Function')).find(([, f]) => f.Properties.Description === `Scheduled: ${SCHEDULES['send-study-reminders'].description}`)!;
    const policy = JSON.stringify(Object.values(resources(byDefault.schedules, 'AWS::IAM::Policy')).find((p) => JSON.stringify(p.Properties.Roles).includes(job[0].replace(/[0-9A-F]{8}$/, '')))!.Properties);
    expect(policy).toContain('events:PutEvents');
    expect(policy).toContain('dynamodb:Query');
    expect(policy).not.toMatch(/dynamodb:PutItem|dynamodb:DeleteItem|execute-api:ManageConnections/);
  });
});

describe('reserved concurrency (item 8)', () => {
  it('reserves for every event consumer, the queue consumer at its poller maximum', () => {
    for (const consumer of Object.keys(CONSUMERS) as ConsumerName[]) {
      const [, fn] = consumerFn(byDefault.events, consumer);
      expect(fn.Properties.ReservedConcurrentExecutions, consumer).toBeGreaterThanOrEqual(2);
    }
    expect(consumerFn(byDefault.events, 'send-weekly-parent-summary')[1].Properties.ReservedConcurrentExecutions).toBe(2);
    expect(consumerFn(byDefault.events, 'update-progress')[1].Properties.ReservedConcurrentExecutions).toBe(5);
    // The live matches' step consumer (tests/infra/match-steps.test.ts) at its poller maximum too.
    expect(Object.entries(resources(byDefault.events, 'AWS::Lambda::Function')).find(([id]) => /^MatchStepsRunMatchStep[0-9A-F]{8}$/.test(id))![1].Properties.ReservedConcurrentExecutions).toBe(3);
  });

  it('reserves for every scheduled job: one run at a time, two for the frequent ones', () => {
    for (const job of Object.keys(SCHEDULES) as (keyof typeof SCHEDULES)[]) {
      expect(jobFn(byDefault.schedules, job).Properties.ReservedConcurrentExecutions, job).toBe(JOB_CONCURRENCY[job]);
    }
    expect(JOB_CONCURRENCY['run-live-tournaments']).toBe(2);
    expect(JOB_CONCURRENCY['send-weekly-parent-summaries']).toBe(1);
  });

  it('leaves the web its pool: 64 reserved in all, so an account of 1,000 keeps 936 unreserved', () => {
    const reserved = [byDefault.events, byDefault.schedules].flatMap((t) => Object.values(resources(t, 'AWS::Lambda::Function')).map((f) => Number(f.Properties.ReservedConcurrentExecutions ?? 0)));
    const sum = reserved.reduce((a, b) => a + b, 0);
    expect(sum).toBe(totalReserved(1));
    expect(sum).toBe(64);
  });

  it('scales the consumers (not the jobs) with -c reservedConcurrency=<scale>, the queue poller too', () => {
    const scaled = synth('scaled', { reservedConcurrency: '4' });
    expect(consumerFn(scaled.events, 'update-progress')[1].Properties.ReservedConcurrentExecutions).toBe(20);
    expect(consumerFn(scaled.events, 'send-weekly-parent-summary')[1].Properties.ReservedConcurrentExecutions).toBe(8);
    scaled.events.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 8 } });
    expect(jobFn(scaled.schedules, 'run-live-tournaments').Properties.ReservedConcurrentExecutions).toBe(2);
  });

  it('reserves nothing with -c reservedConcurrency=off (a new account below 164), the poller still bounded', () => {
    const off = synth('off', { reservedConcurrency: 'off' });
    for (const t of [off.events, off.schedules]) {
      for (const fn of Object.values(resources(t, 'AWS::Lambda::Function'))) expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    }
    off.events.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 2 } });
  });

  it('refuses a context value it cannot read', () => {
    expect(() => synth('bad', { reservedConcurrency: 'lots' })).toThrow(/reservedConcurrency must be "off" or a scale/);
  });
});
