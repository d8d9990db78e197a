import { guideDetailSchema, guideIdSchema, guideListSchema } from '#shared/guides/study-guides.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Study guides (docs/learning.md): the list for everyone, a guide's text within the caller's limit. */
export const GUIDE_ROUTES = [
  { method: 'GET', path: '/api/guides', name: 'ListStudyGuides', entry: 'functions/guides/list-guides.ts', auth: 'jwt', response: guideListSchema },
  { method: 'GET', path: '/api/guides/{guideId}', name: 'GetStudyGuide', entry: 'functions/guides/get-guide.ts', auth: 'jwt', response: guideDetailSchema, params: { guideId: guideIdSchema } },
] as const satisfies readonly RouteDefinition[];
