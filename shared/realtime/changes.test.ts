import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES, changeAudience, changeDataSchema } from './changes.ts';

describe('change messages', () => {
  it.each([
    ['the actor alone', 'a', [], ['b'], ['a']],
    ['the actor and each friend once', 'a', ['b', 'c', 'b'], ['b', 'c'], ['a', 'b', 'c']],
    ['the actor listed among the readers counts once', 'a', ['a', 'b'], ['b'], ['a', 'b']],
    ['without a reader no longer a friend when it goes', 'a', ['b', 'c'], ['c'], ['a', 'c']],
    ['the actor alone once every friendship ended', 'a', ['b', 'c'], [], ['a']],
  ])('the audience is %s', (_name, actor, readers, friendsNow, expected) => {
    expect(changeAudience(actor, readers, new Set(friendsNow))).toEqual(expected);
  });

  it('carries no data of the change', () => {
    expect(changeDataSchema.safeParse({}).success).toBe(true);
    expect(changeDataSchema.safeParse({ actor_email: 'x@example.com' }).success).toBe(false);
  });

  it('has one type per screen it refreshes', () => {
    expect(new Set(Object.values(CHANGE_TYPES)).size).toBe(Object.keys(CHANGE_TYPES).length);
  });
});
