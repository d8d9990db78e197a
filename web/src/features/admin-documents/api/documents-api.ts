import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subject } from '#shared/constants.ts';
import { addDocumentsResultSchema, documentSearchResultSchema, type CleanDocument } from '#shared/knowledge/documents.ts';
import { api } from '@/lib/api-client.ts';

/** The knowledge base is admin-only data: its keys live under their own root. */
const ROOT = 'knowledge';

export interface DocumentSearchParams {
  query: string;
  subject: Subject | 'all';
  threshold: number;
  maxResults: number;
}

export function searchPath(params: DocumentSearchParams): string {
  const query = new URLSearchParams({ query: params.query.trim(), threshold: String(params.threshold), maxResults: String(params.maxResults) });
  if (params.subject !== 'all') query.set('subject', params.subject);
  return `/api/knowledge/search?${query.toString()}`;
}

/** Runs only for a non-empty query; keeps the previous results on screen while the next arrive. */
export function useDocumentSearch(params: DocumentSearchParams) {
  return useQuery({
    queryKey: [ROOT, 'search', params.query.trim(), params.subject, params.threshold, params.maxResults],
    queryFn: ({ signal }) => api.request(searchPath(params), { auth: true, schema: documentSearchResultSchema, signal }),
    enabled: params.query.trim().length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAddDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documents: CleanDocument[]) =>
      api.request('/api/knowledge/documents', { method: 'POST', body: { documents }, auth: true, schema: addDocumentsResultSchema, timeoutMs: 30_000 }),
    onSuccess: () => client.invalidateQueries({ queryKey: [ROOT] }),
  });
}
