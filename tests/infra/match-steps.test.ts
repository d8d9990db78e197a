import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { SCHEDULES } from '#events/schedules.ts';
import { MATCH_STEPS } from '#functions/tournaments/step-queue.ts';
import { unbundledPlatform } from './support/unbundled-platform.ts';

/**
 * A live match as timed steps on an SQS queue, as CDK synthesises it (without bundling): the step
 * consumer polls a standard queue (per-message delays; a FIFO queue has none) with a dead-letter
 * queue and its alarm, the functions that hand a step may send to that queue alone, and no
 * tournament function has a timeout sized for waiting through a question.
 */
type Resource = { Type: string; Properties: Record<string, unknown> };
const { platform, names } = unbundledPlatform();

const resourcesOf = (template: Template) => Object.entries(template.toJSON().Resources as Record<string, Resource>);
const ofType = (template: Template, type: string) => resourcesOf(template).filter(([, r]) => r.Type === type);
const policyOf = (template: Template, fnId: string) =>
  JSON.stringify(ofType(template, 'AWS::IAM::Policy').find(([, p]) => JSON.stringify(p.Properties.Roles).includes(fnId.replace(/[0-9A-F]{8}$/, '')))![1].Properties);

const events = Template.fromStack(platform.events);
const schedules = Template.fromStack(platform.schedules!);
const tournaments = Template.fromStack(platform.apiAreas.tournaments);
const [consumerId, consumer] = ofType(events, 'AWS::Lambda::Function').find(([id]) => /^MatchStepsRunMatchStep[0-9A-F]{8}$/.test(id))!;
const [queueId, queue] = ofType(events, 'AWS::SQS::Queue').find(([id]) => /^MatchStepsMatchStepsQueue[0-9A-F]{8}$/.test(id))!;
const [deadLettersId] = ofType(events, 'AWS::SQS::Queue').find(([id]) => /^MatchStepsMatchStepsDeadLetters[0-9A-F]{8}$/.test(id))!;
const job = ofType(schedules, 'AWS::Lambda::Function').find(([, f]) => f.Properties.Description === `Scheduled: ${SCHEDULES['run-live-tournaments'].description}`)!;
const quickMatch = ofType(tournaments, 'AWS::Lambda::Function').find(([, f]) => f.Properties.Description === 'POST /api/tournaments/quick-match')!;

describe('the match-steps queue', () => {
  it('is a standard, encrypted queue named for the stage: each message carries its own delay, none set on the queue', () => {
    expect(queue.Properties).toMatchObject({ QueueName: names.matchStepsQueue, SqsManagedSseEnabled: true });
    expect(queue.Properties.FifoQueue).toBeUndefined();
    expect(queue.Properties.DelaySeconds).toBeUndefined();
  });

  it('feeds the step consumer one step at a time, a failed step retried alone, then kept in its dead-letter queue', () => {
    events.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: consumerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: MATCH_STEPS.maxConcurrency },
    });
    expect(queue.Properties.RedrivePolicy).toEqual({ deadLetterTargetArn: { 'Fn::GetAtt': [deadLettersId, 'Arn'] }, maxReceiveCount: 5 });
    // A delivery in progress is never handed to a second consumer: hidden longer than a step may run.
    expect(Number(queue.Properties.VisibilityTimeout)).toBeGreaterThan(Number(consumer.Properties.Timeout));
  });

  it('alarms on the first dead letter', () => {
    events.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: `${names.alarmPrefix}-dead-letters-match-steps`,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [deadLettersId, 'QueueName'] } }],
      Threshold: 1,
    });
  });

  it('reserves the consumer its poller maximum', () => {
    expect(consumer.Properties.ReservedConcurrentExecutions).toBe(MATCH_STEPS.maxConcurrency);
  });
});

describe('who may hand a step', () => {
  const sends = (policy: string) => policy.includes('"sqs:SendMessage"') && policy.includes(names.matchStepsQueue);

  it('the step consumer (the next step), the per-minute job (starts and resumes) and the quick match (its start), with the queue URL, on that queue alone', () => {
    for (const [id, fn, template] of [[consumerId, consumer, events], [...job, schedules], [...quickMatch, tournaments]] as const) {
      const policy = policyOf(template, id);
      expect(sends(policy), id).toBe(true);
      expect(JSON.stringify(fn.Properties.Environment)).toContain(`/${names.matchStepsQueue}`);
      // Its one statement names that queue's ARN alone (a job's other SendMessage is its own dead-letter queue's).
      const statements = (JSON.parse(policy) as { PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } }).PolicyDocument.Statement;
      const toQueue = statements.filter((st) => JSON.stringify(st.Resource).includes(names.matchStepsQueue));
      expect(toQueue.map((st) => st.Action)).toEqual(['sqs:SendMessage']);
      expect(JSON.stringify(toQueue[0]!.Resource)).toMatch(new RegExp(`^\\{"Fn::Join":\\["",\\["arn:",\\{"Ref":"AWS::Partition"\\},":sqs:",.*":${names.matchStepsQueue}"\\]\\]\\}$`));
    }
  });

  it('publishes no step on the bus: the consumer may not PutEvents, the quick match neither', () => {
    expect(policyOf(events, consumerId)).not.toContain('events:PutEvents');
    expect(policyOf(tournaments, quickMatch[0])).not.toContain('events:PutEvents');
  });

  it('no other function may send to it', () => {
    const all = [events, schedules, ...Object.values(platform.apiAreas).map((s) => Template.fromStack(s))];
    const allowed = new Set([consumerId, job[0], quickMatch[0]].map((id) => id.replace(/[0-9A-F]{8}$/, '')));
    for (const template of all) {
      for (const [, policy] of ofType(template, 'AWS::IAM::Policy')) {
        if (!sends(JSON.stringify(policy.Properties))) continue;
        const roles = JSON.stringify(policy.Properties.Roles);
        expect([...allowed].some((id) => roles.includes(id)), roles).toBe(true);
      }
    }
  });
});

describe('no tournament function waits through a question', () => {
  it('the step consumer, the per-minute job and every tournament route time out within 30 s', () => {
    const timeouts = [consumer, job[1], ...ofType(tournaments, 'AWS::Lambda::Function').map(([, f]) => f)].map((f) => Number(f.Properties.Timeout));
    expect(timeouts.length).toBeGreaterThanOrEqual(7);
    for (const timeout of timeouts) expect(timeout).toBeLessThanOrEqual(30);
    expect(consumer.Properties.Timeout).toBe(MATCH_STEPS.timeoutSeconds);
  });
});
