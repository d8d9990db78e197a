import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/constants.ts';
import { routeRedirect, type SessionView } from './route-access.ts';

const out: SessionView = { status: 'signed-out' };
const as = (role: Role): SessionView => ({ status: 'signed-in', role });

describe('routeRedirect (1-core §2 route table)', () => {
  it.each<[string, string, SessionView, string | null]>([
    // Signed-out users reach only /, /auth, /reset-password and /leaderboard.
    ['landing is public', '/', out, null],
    ['auth is open to visitors', '/auth', out, null],
    ['reset-password is public', '/reset-password', out, null],
    ['leaderboard is public', '/leaderboard', out, null],
    ['student home needs a session', '/dashboard', out, '/'],
    ['parent home needs a session', '/parent-dashboard', out, '/'],
    ['teacher home needs a session', '/teacher-dashboard', out, '/'],
    ['admin home needs a session', '/admin-dashboard', out, '/'],
    ['a quiz needs a session', '/quiz/geography/beginner', out, '/'],
    ['subscription sends visitors to sign in', '/subscription', out, '/auth'],
    ['friends needs a session', '/friends', out, '/'],
    ['profile needs a session', '/profile', out, '/'],

    // Signed-in users: /auth goes to the role home.
    ['student on /auth', '/auth', as('student'), '/dashboard'],
    ['parent on /auth', '/auth', as('parent'), '/parent-dashboard'],
    ['teacher on /auth', '/auth', as('teacher'), '/teacher-dashboard'],
    ['admin on /auth', '/auth', as('admin'), '/admin-dashboard'],
    ['landing stays open', '/', as('teacher'), null],
    ['leaderboard stays open', '/leaderboard', as('student'), null],
    ['a reset link works while signed in', '/reset-password', as('admin'), null],
    ['subscription for any signed-in user', '/subscription', as('parent'), null],

    // Role homes: only that role; everyone else goes to /.
    ['student dashboard, student', '/dashboard', as('student'), null],
    ['student dashboard, parent', '/dashboard', as('parent'), '/'],
    ['student dashboard, teacher', '/dashboard', as('teacher'), '/'],
    ['student dashboard, admin', '/dashboard', as('admin'), '/'],
    ['parent home, parent', '/parent-dashboard', as('parent'), null],
    ['parent home, student', '/parent-dashboard', as('student'), '/'],
    ['teacher home, teacher', '/teacher-dashboard', as('teacher'), null],
    ['teacher home, admin', '/teacher-dashboard', as('admin'), '/'],
    ['admin home, admin', '/admin-dashboard', as('admin'), null],
    ['admin home, teacher', '/admin-dashboard', as('teacher'), '/'],
    ['competition setup, student', '/competition', as('student'), null],
    ['competition setup needs a session', '/competition', out, '/'],
    ['competition setup, admin', '/competition', as('admin'), '/'],
    ['competition setup, parent', '/competition', as('parent'), '/'],
    ['friends, student', '/friends', as('student'), null],
    ['friends, teacher', '/friends', as('teacher'), '/'],
    ['profile, student', '/profile', as('student'), null],
    ['profile, parent', '/profile', as('parent'), '/'],
    ['notification settings, student', '/notifications', as('student'), null],
    ['notification settings, teacher', '/notifications', as('teacher'), '/'],
    ['notification settings needs a session', '/notifications', out, '/'],
    ['study groups, student', '/study-groups', as('student'), null],
    ['study groups, parent', '/study-groups', as('parent'), '/'],
    ['study groups needs a session', '/study-groups', out, '/'],
    ['study guides, student', '/study', as('student'), null],
    ['study guides, admin (generation tools)', '/study', as('admin'), null],
    ['study guides, parent', '/study', as('parent'), '/'],
    ['study guides, teacher', '/study', as('teacher'), '/'],
    ['study guides needs a session', '/study', out, '/'],

    // Quiz: subject geography, religion or history; level beginner, advanced or expert; else /dashboard.
    ['geography beginner', '/quiz/geography/beginner', as('student'), null],
    ['history advanced', '/quiz/history/advanced', as('student'), null],
    ['religion expert', '/quiz/religion/expert', as('student'), null],
    ['unknown subject', '/quiz/maths/beginner', as('student'), '/dashboard'],
    ['unknown level', '/quiz/history/master', as('student'), '/dashboard'],
    ['subject is case-sensitive', '/quiz/Geography/beginner', as('student'), '/dashboard'],
    ['missing level is an unknown path', '/quiz/geography', as('student'), '/'],
    ['extra segment is an unknown path', '/quiz/geography/beginner/1', as('student'), '/'],

    // Daily challenge (docs/social.md): students only; the id is the server's to check.
    ['daily challenge, student', '/daily-challenge/2026-11-23-beginner', as('student'), null],
    ['daily challenge, admin', '/daily-challenge/2026-11-23-beginner', as('admin'), '/'],
    ['daily challenge needs a session', '/daily-challenge/2026-11-23-beginner', out, '/'],
    ['daily challenge without an id', '/daily-challenge', as('student'), '/'],
    ['daily challenge, extra segment', '/daily-challenge/x/y', as('student'), '/'],
    ['live tournaments, student', '/live-competitions', as('student'), null],
    ['live tournaments, teacher', '/live-competitions', as('teacher'), '/'],
    ['live match, student', '/live-match/2026-W48-flag-frenzy', as('student'), null],
    ['live match, parent', '/live-match/2026-W48-flag-frenzy', as('parent'), '/'],
    ['live match needs a session', '/live-match/quick-0a1b2c3d4e5f', out, '/'],
    ['live match without an id', '/live-match', as('student'), '/'],

    // Unknown paths go to /; a trailing slash is the same page.
    ['unknown path, signed in', '/nowhere', as('student'), '/'],
    ['unknown path, signed out', '/admin', out, '/'],
    ['trailing slash', '/dashboard/', as('student'), null],
    ['trailing slash on auth', '/auth/', as('student'), '/dashboard'],
  ])('%s: %s', (_name, path, session, expected) => {
    expect(routeRedirect(path, session)).toBe(expected);
  });

  it('decides nothing while the session is loading', () => {
    expect(routeRedirect('/dashboard', { status: 'loading' })).toBeNull();
  });
});
