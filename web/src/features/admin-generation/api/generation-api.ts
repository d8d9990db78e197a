import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Level, Subject } from '#shared/constants.ts';
import {
  factCheckResponseSchema,
  generateGuideResponseSchema,
  generateQuestionsResponseSchema,
  guideReviewQueueSchema,
  guideReviewResponseSchema,
  reviewQueueSchema,
  reviewResponseSchema,
  type ApproveGuideRequest,
  type ApproveRequest,
  type GeneratedStatus,
  type GuideLength,
} from '#shared/generation/generation.ts';
import { guideListSchema } from '#shared/guides/study-guides.ts';
import { documentSearchResultSchema } from '#shared/knowledge/documents.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The review queue's keys live under the guides root's sibling: generation is admin-only data. */
const queueKey = (status: GeneratedStatus) => ['generation', 'questions', status] as const;
const LONG = 60_000;

export function useReviewQueue(status: GeneratedStatus = 'pending') {
  return useQuery({
    queryKey: queueKey(status),
    queryFn: ({ signal }) => api.request(`/api/generation/questions?status=${status}`, { auth: true, schema: reviewQueueSchema, signal }),
  });
}

export interface GenerateQuestionsInput {
  documentId?: string;
  content?: string;
  subject?: Subject;
  level: Level;
  count: number;
}

export function useGenerateQuestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateQuestionsInput) => api.request('/api/generation/questions', { method: 'POST', body: input, auth: true, schema: generateQuestionsResponseSchema, timeoutMs: LONG }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['generation', 'questions'] }),
  });
}

export function useReviewQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, edits }: { id: string; action: 'approve' | 'reject'; edits?: ApproveRequest }) =>
      api.request(`/api/generation/questions/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: action === 'approve' ? (edits ?? {}) : {}, auth: true, schema: reviewResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['generation', 'questions'] }),
  });
}

export interface GenerateGuideInput {
  subject: Subject;
  difficulty_level: Level;
  topic: string;
  length: GuideLength;
  focus_areas: string;
}

export function useGenerateGuide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateGuideInput) => api.request('/api/generation/guides', { method: 'POST', body: input, auth: true, schema: generateGuideResponseSchema, timeoutMs: LONG }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['generation', 'guides'] }),
  });
}

const guideQueueKey = (status: GeneratedStatus) => ['generation', 'guides', status] as const;

/** Generated guides of one review status: pending ones wait here, unseen by students. */
export function useGuideReviewQueue(status: GeneratedStatus = 'pending') {
  return useQuery({
    queryKey: guideQueueKey(status),
    queryFn: ({ signal }) => api.request(`/api/generation/guides?status=${status}`, { auth: true, schema: guideReviewQueueSchema, signal }),
  });
}

export function useReviewGuide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, edits }: { id: string; action: 'approve' | 'reject'; edits?: ApproveGuideRequest }) =>
      api.request(`/api/generation/guides/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: action === 'approve' ? (edits ?? {}) : {}, auth: true, schema: guideReviewResponseSchema }),
    // Not awaited: the reviewed item leaves the queue on the refetch, and the caller's own onSuccess (its notice) must run first.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['generation', 'guides'] });
      void client.invalidateQueries({ queryKey: [QUERY_ROOTS.guides] });
    },
  });
}

export function useFactCheck() {
  return useMutation({
    mutationFn: (guideId: string) => api.request(`/api/generation/guides/${encodeURIComponent(guideId)}/fact-check`, { method: 'POST', body: {}, auth: true, schema: factCheckResponseSchema, timeoutMs: LONG }),
  });
}

/** Every guide (admins read all): the catalogue and the generated ones, to pick one to fact-check. */
export function useAllGuides() {
  return useQuery({
    queryKey: [QUERY_ROOTS.guides, 'admin-all'],
    queryFn: ({ signal }) => api.request('/api/guides', { auth: true, schema: guideListSchema, signal }),
  });
}


/** Documents of the knowledge base whose text matches `query` (B's GET /api/knowledge/search), one entry per document. */
export function useDocumentSearch(query: string) {
  return useQuery({
    queryKey: ['generation', 'documents', query],
    enabled: query.trim().length >= 2,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ query: query.trim(), threshold: '0.3', maxResults: '20' });
      const { results } = await api.request(`/api/knowledge/search?${params.toString()}`, { auth: true, schema: documentSearchResultSchema, signal });
      const seen = new Map<string, { id: string; title: string; subject: string | null }>();
      for (const r of results) if (r.source.kind === 'document' && !seen.has(r.source.id)) seen.set(r.source.id, { id: r.source.id, title: r.source.title, subject: r.subject });
      return [...seen.values()];
    },
  });
}
