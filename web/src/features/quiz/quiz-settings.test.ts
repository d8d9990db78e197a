import { describe, expect, it } from 'vitest';
import { startRoundRequestSchema } from '#shared/quiz/contracts.ts';
import { competitionPath, settingsFromSearch, startRequest } from './quiz-settings.ts';

const search = (query: string) => new URLSearchParams(query);

describe('quiz settings from the address', () => {
  it('is a practice round by default', () => {
    expect(settingsFromSearch('history', 'beginner', search(''))).toEqual({
      subject: 'history',
      level: 'beginner',
      mode: 'practice',
      difficultyProgression: false,
    });
  });

  it('keeps focus and challenge', () => {
    const settings = settingsFromSearch('geography', 'advanced', search('focus=capitals&challenge=ch-1'));
    expect(settings.focus).toBe('capitals');
    expect(settings.challengeId).toBe('ch-1');
  });

  it('reads the competition settings /competition writes', () => {
    const path = competitionPath({ subject: 'religion', level: 'beginner', questionCount: 35, timeLimitSec: 420, difficultyProgression: false });
    expect(path).toBe('/quiz/religion/beginner?mode=competition&count=35&time=420&progression=0');
    const settings = settingsFromSearch('religion', 'beginner', search(path.split('?')[1]!));
    expect(settings).toMatchObject({ mode: 'competition', questionCount: 35, timeLimitSec: 420, difficultyProgression: false });
  });

  it('falls back to the competition defaults for values it does not offer', () => {
    const settings = settingsFromSearch('history', 'beginner', search('mode=competition&count=99&time=1'));
    expect(settings).toMatchObject({ questionCount: 25, timeLimitSec: 300, difficultyProgression: true });
  });

  it('builds a request the server schema accepts, with retryOf for Retry Same Questions', () => {
    const settings = settingsFromSearch('history', 'expert', search('mode=competition&count=15&time=180&progression=1'));
    const body = startRequest(settings, 'mh1abc2def3ghi4jk');
    expect(startRoundRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ mode: 'competition', questionCount: 15, timeLimitSec: 180, difficultyProgression: true, retryOf: 'mh1abc2def3ghi4jk' });
    expect(typeof body.timeZone).toBe('string');
  });
});
