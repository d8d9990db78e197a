import type { RouteDefinition } from '../route-definition.ts';

/** The AI tutor (3-learning §2 "AI tutor", §7 ai-tutor-chat): premium ai_tutor_chat, students. */
export const TUTOR_ROUTES = [{ method: 'POST', path: '/api/tutor/chat', name: 'AiTutorChat', entry: 'functions/tutor/chat.ts', auth: 'jwt' }] as const satisfies readonly RouteDefinition[];
