import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '#shared/knowledge/documents.ts';
import { checkDocumentForm, similarityLabel } from './document-form.ts';

const valid = { title: 'Westphalia', subject: 'history', category: 'Early Modern', content: 'The Peace of Westphalia of 1648 ended the Thirty Years War in Europe.' };

describe('the Add Document form', () => {
  it('accepts a complete document and cleans the category to lowercase with hyphens', () => {
    expect(checkDocumentForm(valid)).toEqual({ document: { ...valid, subject: 'history', category: 'early-modern' }, errors: {} });
  });

  it.each([
    [{ title: '' }, 'title', DOCUMENT_MESSAGES.titleRequired],
    [{ content: '' }, 'content', DOCUMENT_MESSAGES.contentRequired],
    [{ subject: '' }, 'subject', DOCUMENT_MESSAGES.subjectRequired],
    [{ category: ' ' }, 'category', DOCUMENT_MESSAGES.categoryRequired],
    [{ content: 'Too short to be worth a chunk.' }, 'content', DOCUMENT_MESSAGES.contentTooShort],
    [{ content: 'x'.repeat(50_001) }, 'content', DOCUMENT_MESSAGES.contentTooLong],
    [{ category: '%%%' }, 'category', DOCUMENT_MESSAGES.invalidAfterSanitising],
    [{ title: '<b></b>' }, 'title', DOCUMENT_MESSAGES.invalidAfterSanitising],
  ])('%o: %s says "%s"', (change, field, message) => {
    const check = checkDocumentForm({ ...valid, ...change });
    expect(check.document).toBeNull();
    expect(check.errors[field as keyof typeof check.errors]).toBe(message);
  });

  it('shows similarity as a percentage', () => {
    expect(similarityLabel(0.8734)).toBe('87%');
  });
});
