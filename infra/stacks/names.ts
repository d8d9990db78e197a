/**
 * Physical names fixed by stage. Stacks that only need to *reach* a resource (publish to
 * the bus, name the trigger) use these strings instead of references,
 * which would otherwise make stacks, or the user pool and its trigger, depend on each other.
 */
export function platformNames(stage: string) {
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new Error(`Stage "${stage}" must be lower-case letters, digits and dashes`);
  return {
    stage,
    stackPrefix: `QuizQuest-${stage}`,
    eventBus: `quizquest-${stage}`,
    postConfirmationFunction: `quizquest-${stage}-post-confirmation`,
    /** EventBridge Scheduler names a schedule within its group: one group per stage. */
    scheduleGroup: `quizquest-${stage}`,
    /** Where every alarm of the stage notifies (infra/constructs/alarm-topic.ts): made first, reached by name. */
    alarmTopic: `quizquest-${stage}-alarms`,
    /** Alarm names start with this, so the dashboard shows them by name and the runbook can list them. */
    alarmPrefix: `quizquest-${stage}`,
    /** The SES configuration set every mail is sent with (bounce and complaint metrics); made before its senders. */
    mailConfigurationSet: `quizquest-${stage}`,
    /** The live matches' step queue (events stack): the functions that hand a step reach it by name. */
    matchStepsQueue: `quizquest-${stage}-match-steps`,
  };
}
export type PlatformNames = ReturnType<typeof platformNames>;

/** `subscription` → `Subscription`, `purge-expired-sign-ups` → `PurgeExpiredSignUps`, for stack and construct ids. */
export const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
