import type { StreakTier } from '#shared/quiz/streak.ts';
import type { CompletionIcon } from '#shared/social/daily-challenge.ts';
import { BoltIcon, CalendarIcon, CrownIcon, FlameIcon, MuscleIcon, StarIcon, TrophyIcon } from '@/components/icons.tsx';

/** The completion icon (trophy, star, muscle), named for screen readers: it carries the verdict. */
export function ResultIcon({ icon, label, size }: { icon: CompletionIcon; label: string; size: number }) {
  return (
    <span role="img" aria-label={label}>
      {icon === 'trophy' ? <TrophyIcon size={size} /> : icon === 'star' ? <StarIcon size={size} filled /> : <MuscleIcon size={size} />}
    </span>
  );
}

/** The streak badge's icon by tier: 3 star, 7 flame, 14 bolt, 30 crown; a plain calendar below 3 (the text says the streak). */
export function TierIcon({ tier, size = 18 }: { tier: StreakTier; size?: number }) {
  if (tier === 'star') return <StarIcon size={size} filled />;
  if (tier === 'fire') return <FlameIcon size={size} />;
  if (tier === 'bolt') return <BoltIcon size={size} />;
  if (tier === 'crown') return <CrownIcon size={size} />;
  return <CalendarIcon size={size} />;
}
