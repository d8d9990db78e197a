import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES as M, editRefusal, isProtectedAccount } from './users.ts';

describe('Edit User on an admin account (issue 17 item 15)', () => {
  const admin = { role: 'admin', email: 'boss@example.com' };
  it.each([
    [admin, { email: admin.email, role: 'student', subscription_status: 'free' }, null], // demotion is allowed (the server keeps one admin)
    [admin, { email: admin.email, role: 'admin', subscription_status: 'premium' }, null],
    [admin, { email: 'other@example.com', role: 'admin', subscription_status: 'free' }, M.adminEmailFixed],
    [{ role: 'student', email: 's@example.com' }, { email: 'new@example.com', role: 'admin', subscription_status: 'free' }, null],
  ] as const)('%j → %j: %s', (before, change, refusal) => {
    expect(editRefusal(before, change)).toBe(refusal);
  });

  it('admins are not deleted from the table (demote first)', () => {
    expect(isProtectedAccount('admin')).toBe(true);
    expect(isProtectedAccount('teacher')).toBe(false);
  });
});
