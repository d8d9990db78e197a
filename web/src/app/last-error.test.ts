import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../lib/storage.ts';
import { LAST_ERROR_KEY, describeError, saveLastError } from './last-error.ts';

describe('last_error (1-core §8)', () => {
  const now = new Date('2025-03-01T10:00:00.000Z');

  it('saves the error under last_error', () => {
    const storage = memoryStorage();
    saveLastError(storage, describeError(new TypeError('boom'), { href: 'https://app.test/dashboard', now }));
    expect(JSON.parse(storage.getItem(LAST_ERROR_KEY) ?? '{}')).toMatchObject({
      name: 'TypeError',
      message: 'boom',
      url: 'https://app.test/dashboard',
      at: '2025-03-01T10:00:00.000Z',
    });
  });

  it('leaves the query string out, since it can hold a link token', () => {
    const entry = describeError('x', { href: 'https://app.test/reset-password?token=secret', now });
    expect(entry.url).toBe('https://app.test/reset-password');
  });

  it('keeps the component stack when React gives one', () => {
    const entry = describeError(new Error('boom'), { href: 'https://app.test/', now, componentStack: '\n    at Landing' });
    expect(entry.componentStack).toContain('Landing');
  });

  it('never throws when storage refuses the write', () => {
    const full = { ...memoryStorage(), setItem: () => { throw new Error('quota'); } };
    expect(() => saveLastError(full, describeError('x', { href: 'https://app.test/', now }))).not.toThrow();
  });
});
