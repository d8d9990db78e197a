import { explainResponseSchema, videoAddedSchema, videoIdSchema, videoListSchema, videoResponseSchema } from '#shared/explanations/explanations.ts';
import { goalResponseSchema } from '#shared/learning/api.ts';
import type { RouteDefinition } from '../route-definition.ts';

/**
 * AI explanations of a finished round's wrong answers and the video library made from them
 * (docs/ai.md: premium video_explanations, students and admins).
 */
export const EXPLANATION_ROUTES = [
  { method: 'POST', path: '/api/explanations', name: 'ExplainQuestion', entry: 'functions/explanations/explain-question.ts', auth: 'jwt', response: explainResponseSchema },
  { method: 'GET', path: '/api/videos', name: 'ListVideos', entry: 'functions/explanations/list-videos.ts', auth: 'jwt', response: videoListSchema },
  { method: 'POST', path: '/api/videos', name: 'AddVideo', entry: 'functions/explanations/add-video.ts', auth: 'jwt', response: videoAddedSchema },
  { method: 'POST', path: '/api/videos/{videoId}/watch', name: 'WatchVideo', entry: 'functions/explanations/watch-video.ts', auth: 'jwt', response: videoResponseSchema, params: { videoId: videoIdSchema } },
  { method: 'PUT', path: '/api/videos/{videoId}/like', name: 'LikeVideo', entry: 'functions/explanations/like-video.ts', auth: 'jwt', response: videoResponseSchema, params: { videoId: videoIdSchema } },
  { method: 'PUT', path: '/api/videos/{videoId}/save', name: 'SaveVideo', entry: 'functions/explanations/save-video.ts', auth: 'jwt', response: videoResponseSchema, params: { videoId: videoIdSchema } },
  { method: 'PUT', path: '/api/videos/{videoId}/rating', name: 'RateVideo', entry: 'functions/explanations/rate-video.ts', auth: 'jwt', response: videoResponseSchema, params: { videoId: videoIdSchema } },
  { method: 'POST', path: '/api/videos/{videoId}/study-plan', name: 'AddVideoToStudyPlan', entry: 'functions/explanations/video-study-plan.ts', auth: 'jwt', response: goalResponseSchema, params: { videoId: videoIdSchema } },
] as const satisfies readonly RouteDefinition[];
