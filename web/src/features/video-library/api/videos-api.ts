import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { goalResponseSchema } from '#shared/learning/api.ts';
import { videoAddedSchema, videoListSchema, videoResponseSchema, type GenerateTarget, type VideoItem } from '#shared/explanations/explanations.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The video library's calls (functions/explanations/routes.ts). Counts and marks are the server's. */
export const videosKey = [QUERY_ROOTS.videos] as const;
const videoPath = (id: string) => `/api/videos/${encodeURIComponent(id)}`;

/** Making a video may generate its explanation first (10-15 s). */
const GENERATE_TIMEOUT_MS = 45_000;

export function useVideos() {
  return useQuery({ queryKey: videosKey, queryFn: ({ signal }) => api.request('/api/videos', { auth: true, schema: videoListSchema, signal }) });
}

/** POST /api/videos: one video of a wrong answer of a finished round (201 added, 200 already there). */
export const addVideo = (target: GenerateTarget) => api.request('/api/videos', { method: 'POST', body: target, auth: true, schema: videoAddedSchema, timeoutMs: GENERATE_TIMEOUT_MS });

type Action = { kind: 'watch' } | { kind: 'like'; liked: boolean } | { kind: 'save'; saved: boolean } | { kind: 'rate'; rating: number };

function send(id: string, action: Action) {
  switch (action.kind) {
    case 'watch':
      return api.request(`${videoPath(id)}/watch`, { method: 'POST', body: {}, auth: true, schema: videoResponseSchema });
    case 'like':
      return api.request(`${videoPath(id)}/like`, { method: 'PUT', body: { liked: action.liked }, auth: true, schema: videoResponseSchema });
    case 'save':
      return api.request(`${videoPath(id)}/save`, { method: 'PUT', body: { saved: action.saved }, auth: true, schema: videoResponseSchema });
    case 'rate':
      return api.request(`${videoPath(id)}/rating`, { method: 'PUT', body: { rating: action.rating }, auth: true, schema: videoResponseSchema });
  }
}

/** Watch, Like, Save, Rate: the answer is the item as the server now has it, put straight into the list. */
export function useVideoAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: Action }) => send(id, action),
    onSuccess: ({ item }) =>
      client.setQueryData<{ items: VideoItem[] }>(videosKey, (old) => (old ? { items: old.items.map((i) => (i.id === item.id ? item : i)) } : old)),
  });
}

/** Add to Study Plan: a study goal made by the server for this video (the study plans list is read again). */
export function useAddToStudyPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) =>
      api.request(`${videoPath(id)}/study-plan`, { method: 'POST', body: { title }, auth: true, schema: goalResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: [QUERY_ROOTS.learning] }),
  });
}
