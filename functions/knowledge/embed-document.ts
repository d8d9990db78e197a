import { queueConsumer } from '../lib/queue-consumer.ts';
import { embedDocument } from './embed-passages.ts';

/**
 * The embed-document consumer (its queue: one document a message, two at a time): embeds one
 * added document and records its progress; a run that throws (the table unreachable) is retried
 * by SQS and resumes from the passages already embedded.
 */
export const handler = queueConsumer('DocumentEmbeddingRequested', ({ detail }) => embedDocument(detail));
