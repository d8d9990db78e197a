import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subject } from '#shared/constants.ts';
import { addDocumentsResultSchema, documentListSchema, documentSearchResultSchema, retryDocumentResultSchema, type CleanDocument, type DocumentList } from '#shared/knowledge/documents.ts';
import { EMBEDDING, inProgress } from '#shared/knowledge/embedding.ts';
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

/** Stores the documents pending and answers at once (202); they are embedded in the background. */
export function useAddDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documents: CleanDocument[]) => api.request('/api/knowledge/documents', { method: 'POST', body: { documents }, auth: true, schema: addDocumentsResultSchema }),
    onSuccess: ({ documents }) => {
      // The new documents show (waiting) at once, before the list is asked again.
      client.setQueryData<DocumentList>([ROOT, 'documents'], (old) => ({
        documents: [...documents, ...(old?.documents ?? []).filter((d) => !documents.some((n) => n.id === d.id))].slice(0, EMBEDDING.listLimit),
      }));
      return client.invalidateQueries({ queryKey: [ROOT] });
    },
  });
}

/** The newest documents with their embedding progress: asked again every 1.5 s while one is on its way, else not at all. */
export function useDocumentList() {
  return useQuery({
    queryKey: [ROOT, 'documents'],
    queryFn: ({ signal }) => api.request('/api/knowledge/documents', { auth: true, schema: documentListSchema, signal }),
    refetchInterval: (query) => (query.state.data?.documents.some((d) => inProgress(d.status)) ? EMBEDDING.pollMs : false),
  });
}

export function useRetryDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request(`/api/knowledge/documents/${encodeURIComponent(id)}/retry`, { method: 'POST', auth: true, schema: retryDocumentResultSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: [ROOT, 'documents'] }),
  });
}
