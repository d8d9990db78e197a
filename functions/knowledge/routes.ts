import { addDocumentsResultSchema, documentIdSchema, documentListSchema, documentSearchResultSchema, retryDocumentResultSchema, similarQuestionsResultSchema } from '#shared/knowledge/documents.ts';
import type { RouteDefinition } from '../route-definition.ts';

/**
 * The document knowledge base (docs/ai.md): admins add
 * documents and search it; anyone signed in finds bank questions similar to a text.
 */
export const KNOWLEDGE_ROUTES = [
  { method: 'POST', path: '/api/knowledge/documents', name: 'AddDocuments', entry: 'functions/knowledge/add-documents.ts', auth: 'jwt', response: addDocumentsResultSchema },
  // Where each added document is on its way into the knowledge base, and a retry of one that failed.
  { method: 'GET', path: '/api/knowledge/documents', name: 'ListDocuments', entry: 'functions/knowledge/list-documents.ts', auth: 'jwt', response: documentListSchema },
  { method: 'POST', path: '/api/knowledge/documents/{documentId}/retry', name: 'RetryDocument', entry: 'functions/knowledge/retry-document.ts', auth: 'jwt', response: retryDocumentResultSchema, params: { documentId: documentIdSchema } },
  { method: 'GET', path: '/api/knowledge/search', name: 'SearchDocuments', entry: 'functions/knowledge/search-documents.ts', auth: 'jwt', response: documentSearchResultSchema },
  { method: 'GET', path: '/api/knowledge/similar-questions', name: 'SearchSimilarQuestions', entry: 'functions/knowledge/similar-questions.ts', auth: 'jwt', response: similarQuestionsResultSchema },
] as const satisfies readonly RouteDefinition[];
