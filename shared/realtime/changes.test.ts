import { describe, expect, it } from 'vitest';
import { CHANGE_TYPES, changeAudience, changeDataSchema } from './changes.ts';

describe('change messages', () => {
  it.each([
    ['the actor alone', 'a', [], ['a']],
    ['the actor and each friend once', 'a', ['b', 'c', 'b'], ['a', 'b', 'c']],
    ['the actor listed among the readers counts once', 'a', ['a', 'b'], ['a', 'b']],
  ])('the audience is %s', (_name, actor, readers, expected) => {
    expect(changeAudience(actor, readers)).toEqual(expected);
  });

  it('carries no data of the change', () => {
    expect(changeDataSchema.safeParse({}).success).toBe(true);
    expect(changeDataSchema.safeParse({ actor_email: 'x@example.com' }).success).toBe(false);
  });

  it('has one type per screen it refreshes', () => {
    expect(new Set(Object.values(CHANGE_TYPES)).size).toBe(Object.keys(CHANGE_TYPES).length);
  });
});
