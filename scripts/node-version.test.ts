import { describe, expect, it } from 'vitest';
import { checkNodeVersion } from './node-version.ts';

describe('the Node version the project runs on', () => {
  it.each([
    ['v24.21.0', true],
    ['v25.0.0', true],
    ['v22.12.0', false],
    ['v20.20.2', false],
    ['nonsense', false],
  ])('%s: %s', (version, ok) => expect(checkNodeVersion(version).ok).toBe(ok));

  it('this test process runs on it (npm test uses the project’s Node)', () => {
    expect(checkNodeVersion().ok).toBe(true);
  });
});
