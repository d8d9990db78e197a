import { documentInputSchema, type CleanDocument, type DocumentInput } from '#shared/knowledge/documents.ts';

export type DocumentField = 'title' | 'subject' | 'category' | 'content';

export interface DocumentFormCheck {
  readonly document: CleanDocument | null;
  /** The first message per field (the shared rules, docs/admin.md). */
  readonly errors: Partial<Record<DocumentField, string>>;
}

/** Checks the form with the same schema the API uses. */
export function checkDocumentForm(input: Partial<Record<keyof DocumentInput, string>>): DocumentFormCheck {
  const parsed = documentInputSchema.safeParse({ ...input, subject: input.subject || undefined });
  if (parsed.success) return { document: parsed.data, errors: {} };
  const errors: Partial<Record<DocumentField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DocumentField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { document: null, errors };
}

/** The similarity as people read it: 0.8734 → "87%". */
export const similarityLabel = (similarity: number): string => `${Math.round(similarity * 100)}%`;

export const SOURCE_KIND_LABEL = {
  document: 'Document',
  country: 'Country fact sheet',
  question: 'Question bank',
  guide: 'Study guide',
} as const;
