import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { currentInvocation, type Invocation } from './invocation.ts';

/**
 * The product's own metrics, as CloudWatch embedded metrics (EMF lines in the function's log,
 * which CloudWatch turns into metrics without an API call). Counted into the running
 * invocation and flushed once by the wrappers when it ends (http.ts, event-handler.ts,
 * socket-event.ts). The namespace comes from infra (POWERTOOLS_METRICS_NAMESPACE, one per
 * stage); without it (npm start, tests) nothing is printed, the counts are still kept.
 */
export const METRIC = {
  /** A quiz round graded and finished by the server. */
  roundsFinished: 'RoundsFinished',
  /** An answer that came after the round's or question's deadline and was refused. */
  answersRefusedLate: 'AnswersRefusedLate',
  /** A push to a WebSocket connection API Gateway no longer knows (410 Gone). */
  pushesGone: 'PushesToGoneConnections',
  /** An AI answer that fell back (the model failed or said nothing grounded). */
  aiFallbacks: 'AiFallbacks',
  mailsSent: 'MailsSent',
  mailsFailed: 'MailsFailed',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/** Adds to a count of the running invocation (outside one, a script or a unit, it is dropped). */
export function countMetric(name: MetricName, value = 1): void {
  const counts = currentInvocation()?.counts;
  if (counts) counts.set(name, (counts.get(name) ?? 0) + value);
}

let metrics: Metrics | undefined;

/** Prints the invocation's counts as one EMF line; nothing when none were counted or no namespace is set. */
export function flushMetrics(invocation: Invocation): void {
  const namespace = process.env.POWERTOOLS_METRICS_NAMESPACE;
  if (invocation.counts.size === 0 || !namespace) return;
  metrics ??= new Metrics({ namespace, serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'quizquest' });
  for (const [name, value] of invocation.counts) metrics.addMetric(name, MetricUnit.Count, value);
  // Searchable beside the logs: which request these counts belong to.
  metrics.addMetadata('correlation_id', invocation.correlationId);
  metrics.publishStoredMetrics();
  invocation.counts.clear();
}
