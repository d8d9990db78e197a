import { describe, expect, it } from 'vitest';
import { tabAfterKey } from '../../lib/tab-keys.ts';
import { ADMIN_TABS, adminTabFromSearch } from './admin-tabs.ts';

describe('admin tabs', () => {
  it.each([
    [null, 'overview'],
    ['documents', 'documents'],
    ['users', 'users'],
    ['nonsense', 'overview'],
  ] as const)('?tab=%s opens %s', (value, tab) => expect(adminTabFromSearch(value)).toBe(tab));

  it.each([
    ['overview', 'ArrowRight', 'documents'],
    ['users', 'ArrowRight', 'overview'],
    ['overview', 'ArrowLeft', 'users'],
    ['documents', 'Home', 'overview'],
    ['overview', 'End', 'users'],
    ['documents', 'Enter', undefined],
  ] as const)('from %s, %s goes to %s', (from, key, to) => expect(tabAfterKey(ADMIN_TABS, from, key)).toBe(to));
});
