import type { ReactNode } from 'react';
import type { AchievementId } from '#shared/quiz/achievements.ts';
import type { StreakTier } from '#shared/quiz/streak.ts';

/**
 * Decorative line icons for the dashboard widgets; the text beside each says the same.
 * Inline SVG rather than the catalogue's emoji, which not every system can draw.
 */
function Svg({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="icon"
    >
      {children}
    </svg>
  );
}

type Icon = (props: { size?: number }) => ReactNode;

export const LockIcon: Icon = ({ size = 16 }) => (
  <Svg size={size}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Svg>
);

export const CheckIcon: Icon = ({ size = 16 }) => (
  <Svg size={size}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);

export const AlertIcon: Icon = ({ size = 20 }) => (
  <Svg size={size}>
    <path d="M12 3 2 20h20L12 3Z" />
    <path d="M12 10v4M12 17h.01" />
  </Svg>
);

export const ErrorIcon: Icon = ({ size = 20 }) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </Svg>
);

export const RefreshIcon: Icon = ({ size = 16 }) => (
  <Svg size={size}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </Svg>
);

export const DownloadIcon: Icon = ({ size = 16 }) => (
  <Svg size={size}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Svg>
);

export const SparkIcon: Icon = ({ size = 20 }) => (
  <Svg size={size}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Svg>
);

const Target: Icon = ({ size }) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </Svg>
);
const Medal: Icon = ({ size }) => (
  <Svg size={size}>
    <circle cx="12" cy="15" r="6" />
    <path d="M8.5 10 6 3h4l2 5 2-5h4l-2.5 7" />
  </Svg>
);
const Bolt: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
  </Svg>
);
const Flame: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M12 22c4 0 7-2.7 7-6.8 0-3.7-2.6-6.2-4.4-8.6-.5 2-1.6 3.2-2.9 3.7.2-3.1-1.1-5.9-3.7-8.3.3 3.5-4 6.3-4 11.2C4 19.3 8 22 12 22Z" />
  </Svg>
);
const Cap: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="m2 9 10-5 10 5-10 5L2 9Z" />
    <path d="M6 11v5c3 2.7 9 2.7 12 0v-5M22 9v6" />
  </Svg>
);
const Compass: Icon = ({ size }) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
  </Svg>
);
const Scroll: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M7 4h11a2 2 0 0 1 2 2v1h-4M7 4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7" />
    <path d="M9 9h6M9 13h6M9 17h4" />
  </Svg>
);
const Globe: Icon = ({ size }) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  </Svg>
);
const Feather: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M20 4c-7 0-13 5-13 12v4M7 16h6c4-1.5 7-6 7-12" />
    <path d="M4 20l3-4" />
  </Svg>
);
const Bulb: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z" />
  </Svg>
);
const Books: Icon = ({ size }) => (
  <Svg size={size}>
    <rect x="3" y="4" width="5" height="16" rx="1" />
    <rect x="8" y="4" width="5" height="16" rx="1" />
    <path d="m14 5.5 4-1 3 14.5-4 1L14 5.5Z" />
  </Svg>
);
export const TrophyIcon: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H4v1a4 4 0 0 0 4 4M16 6h4v1a4 4 0 0 1-4 4M12 13v4M8 21h8M9 17h6v4H9z" />
  </Svg>
);
const Rocket: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M14 4c3-1.5 5.5-1.5 6-1 .5.5.5 3-1 6l-6 6-4-4 5-7Z" />
    <path d="m9 11-4 0-2 3 4 1M13 15v4l-3 2-1-4M5 19l2-2" />
  </Svg>
);
const Star: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3l-5.5 2.9 1-6.2L3 9.6l6.2-.9L12 3Z" />
  </Svg>
);
const Crown: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="m3 7 4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7Z" />
  </Svg>
);
const Hundred: Icon = ({ size }) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 3 3 5-6.5" />
  </Svg>
);
const Ribbon: Icon = ({ size }) => (
  <Svg size={size}>
    <circle cx="12" cy="9" r="6" />
    <path d="m9 14-2 8 5-3 5 3-2-8" />
  </Svg>
);

export const ACHIEVEMENT_ICON: Record<AchievementId, Icon> = {
  first_quiz: Target,
  perfect_score: Hundred,
  speed_demon: Bolt,
  streak_3: Flame,
  subject_master: Cap,
  quiz_explorer: Compass,
  history_buff: Scroll,
  geography_master: Globe,
  religion_scholar: Feather,
  quick_thinker: Bulb,
  persistent_learner: Books,
  expert_achiever: TrophyIcon,
  speed_master: Rocket,
  bee_champion: Medal,
  topic_master: Star,
};

export const STREAK_ICON: Record<StreakTier, Icon> = { none: Flame, star: Star, fire: Flame, bolt: Bolt, crown: Crown };

/** Premium features and shortcuts. */
export const TutorIcon: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M9 10h.01M12 10h.01M15 10h.01" />
  </Svg>
);
export const ChartIcon: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M4 20V4M4 20h16M8 16v-5M12 16V8M16 16v-8" />
  </Svg>
);
export const VideoIcon: Icon = ({ size }) => (
  <Svg size={size}>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="m16 10 5-3v10l-5-3" />
  </Svg>
);
export const GroupIcon: Icon = ({ size }) => (
  <Svg size={size}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 3.5 6" />
  </Svg>
);
export const AdaptiveIcon: Icon = ({ size }) => (
  <Svg size={size}>
    <path d="M4 17c3 0 3-10 8-10s5 10 8 10" />
    <path d="m17 14 3 3 3-3" />
  </Svg>
);
export { Ribbon as RibbonIcon, Bolt as BoltIcon, Crown as CrownIcon, Star as StarIcon };
