import { useMutation } from '@tanstack/react-query';
import { tutorResponseSchema, type ContextMessage, type TutorSubject } from '#shared/tutor/tutor.ts';
import { api } from '@/lib/api-client.ts';

export interface AskInput {
  message: string;
  subject: TutorSubject;
  previousMessages: ContextMessage[];
  /** Names the pieces pushed over the WebSocket while the answer is written. */
  requestId: string;
}

/** POST /api/tutor/chat: the complete answer with its citations (the pieces arrive earlier on the socket). */
export function useAskTutor() {
  return useMutation({
    mutationFn: ({ message, subject, previousMessages, requestId }: AskInput) =>
      api.request('/api/tutor/chat', {
        method: 'POST',
        body: { message, context: { subject, previousMessages }, requestId },
        auth: true,
        schema: tutorResponseSchema,
        // A model in AWS can take a while to write a long answer.
        timeoutMs: 60_000,
      }),
  });
}
