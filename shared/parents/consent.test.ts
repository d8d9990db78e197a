import { describe, expect, it } from 'vitest';
import { consentRequestOf, isEnabled, waitsForQuietHours } from '../notifications/notification.ts';
import { DEFAULT_SETTINGS } from '../notifications/settings.ts';
import { consentRespondPath } from './parents.ts';

const ID = '0b4a3c1e-8f2d-4e6a-9c1b-2d3e4f5a6b7c';

describe('consent requests in the bell (issue 13)', () => {
  it.each([
    [{ type: 'parent_link', action_url: `/profile?parentLink=${ID}` }, { kind: 'parent_link', id: ID }],
    [{ type: 'class_invite', action_url: `/dashboard?classInvite=${ID}` }, { kind: 'class_invite', id: ID }],
    [{ type: 'parent_link', action_url: '/profile?parentLink=../../admin' }, undefined],
    [{ type: 'parent_link', action_url: `/profile?classInvite=${ID}` }, undefined],
    [{ type: 'friend_request', action_url: `/friends?parentLink=${ID}` }, undefined],
    [{ type: 'class_invite', action_url: undefined }, undefined],
  ] as const)('%j is answered as %j', (notification, request) => {
    expect(consentRequestOf(notification)).toEqual(request);
  });

  it('answers go to the student’s own routes', () => {
    expect(consentRespondPath('parent_link', ID)).toBe(`/api/me/parents/${ID}/respond`);
    expect(consentRespondPath('class_invite', ID)).toBe(`/api/me/classes/${ID}/respond`);
  });

  it('cannot be switched off, while other types follow their toggle', () => {
    const allOff = { ...DEFAULT_SETTINGS, streakReminders: false, achievementCelebrations: false, tournamentAlerts: false, studyReminders: false, friendChallenges: false };
    expect(isEnabled(allOff, 'parent_link')).toBe(true);
    expect(isEnabled(allOff, 'class_invite')).toBe(true);
    expect(isEnabled(allOff, 'friend_request')).toBe(false);
  });

  it('reach the bell in quiet hours, while every other type waits for them to end', () => {
    expect(waitsForQuietHours('parent_link')).toBe(false);
    expect(waitsForQuietHours('class_invite')).toBe(false);
    // A tournament alert is not held either: held until morning it would come after the match.
    expect(waitsForQuietHours('tournament')).toBe(false);
    for (const type of ['streak', 'achievement', 'study_reminder', 'friend_challenge', 'friend_request'] as const) expect(waitsForQuietHours(type)).toBe(true);
  });
});
