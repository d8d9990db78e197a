import { tutorResponseSchema } from '#shared/tutor/tutor.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** The AI tutor (docs/ai.md): premium ai_tutor_chat, students. */
export const TUTOR_ROUTES = [{ method: 'POST', path: '/api/tutor/chat', name: 'AiTutorChat', entry: 'functions/tutor/chat.ts', auth: 'jwt', response: tutorResponseSchema }] as const satisfies readonly RouteDefinition[];
