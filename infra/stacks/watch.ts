import type { Stack } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { alarmActionOf } from '../constructs/alarm-topic.ts';
import { DeadLetterAlarms, deadLetterQueuesOf } from '../constructs/dead-letter-alarms.ts';
import { FunctionAlarms } from '../constructs/function-alarms.ts';
import { sendsMail, sendWithConfigurationSet } from '../constructs/mail-events.ts';
import { ProjectFunction } from '../constructs/project-function.ts';
import { alarmNameOf } from './monitoring-stack.ts';
import type { PlatformNames } from './names.ts';

export interface WatchProps {
  readonly names: PlatformNames;
  /** Each area and the stack that holds its functions (every ProjectFunction of the stack). */
  readonly functionAreas: readonly (readonly [string, Stack])[];
  /** Every stack whose dead-letter queues and mail senders to look for. */
  readonly stacks: readonly Stack[];
}

const projectFunctionsOf = (stack: Stack) => stack.node.findAll().filter((c): c is ProjectFunction => c instanceof ProjectFunction);

/**
 * Adds to each stack what watches its own resources: an errors alarm per area (functions/routes.ts
 * API_AREAS, consumers, schedules, realtime, auth triggers), an alarm per dead-letter queue, and the
 * mail configuration set on every function that may send mail. Alarm names are fixed (names.ts
 * `alarmPrefix`), so the dashboard lists them without exports.
 */
export function watchStacks(props: WatchProps): { functionAlarms: Map<string, FunctionAlarms>; deadLetterAlarms: DeadLetterAlarms[]; alarmNames: string[] } {
  const { names } = props;
  const alarms: Alarm[] = [];
  const functionAlarms = new Map<string, FunctionAlarms>();
  for (const [area, stack] of props.functionAreas) {
    const watch = new FunctionAlarms(stack, 'FunctionAlarms', {
      area,
      functions: projectFunctionsOf(stack),
      alarmPrefix: names.alarmPrefix,
      action: alarmActionOf(stack, names.alarmTopic),
    });
    functionAlarms.set(area, watch);
    alarms.push(...watch.alarms);
  }
  const deadLetterAlarms: DeadLetterAlarms[] = [];
  for (const stack of props.stacks) {
    const queues = deadLetterQueuesOf(stack);
    if (queues.length) {
      const watch = new DeadLetterAlarms(stack, 'DeadLetterAlarms', { queues, alarmPrefix: names.alarmPrefix, action: alarmActionOf(stack, names.alarmTopic) });
      deadLetterAlarms.push(watch);
      alarms.push(...watch.alarms);
    }
    for (const fn of projectFunctionsOf(stack)) if (sendsMail(fn)) sendWithConfigurationSet(fn, names.mailConfigurationSet);
  }
  return { functionAlarms, deadLetterAlarms, alarmNames: alarms.map(alarmNameOf) };
}
