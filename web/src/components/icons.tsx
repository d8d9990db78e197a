import type { ReactNode } from 'react';

/**
 * The app's decorative line icons (24×24 grid, currentColor): the text beside each says
 * the same, so they are hidden from assistive technology. Inline SVG rather than emoji,
 * which not every system can draw. Every icon takes `size` in CSS pixels (default 24).
 * One module for all features: each icon is a separate export, so a bundle only carries
 * the icons its code imports.
 */
export type IconProps = { size?: number };
export type IconComponent = (props: IconProps) => ReactNode;

function Icon({ size = 24, filled = false, children }: { size?: number; filled?: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
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

/* Status and actions. */

export const CheckIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="m5 12 5 5 9-10" />
  </Icon>
);

export const CheckCircleIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 3 3 5-6.5" />
  </Icon>
);

export const LockIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);

export const ShieldIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const AlertIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M12 3 2 20h20L12 3Z" />
    <path d="M12 10v4M12 17h.01" />
  </Icon>
);

export const ErrorIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 9 6 6M15 9l-6 6" />
  </Icon>
);

export const RefreshIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </Icon>
);

export const DownloadIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const ZoomIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4M11 8v6M8 11h6" />
  </Icon>
);

export const TimerIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9 2h6" />
  </Icon>
);

export const SparkIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Icon>
);

/* Features. */

export const ChatIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    <path d="M9 10h6M9 14h4" />
  </Icon>
);

export const TutorIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M9 10h.01M12 10h.01M15 10h.01" />
  </Icon>
);

export const ChartIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16v-4M12 16V8M16 16v-6" />
  </Icon>
);

export const PlayIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m10 9 5 3-5 3V9Z" />
  </Icon>
);

export const VideoIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="m16 10 5-3v10l-5-3" />
  </Icon>
);

export const GroupIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="9" cy="8" r="3" />
    <path d="M3 20a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M21 20a6 6 0 0 0-4-5.6" />
  </Icon>
);

export const PathIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="6" cy="18" r="2" />
    <circle cx="18" cy="6" r="2" />
    <path d="M8 18h6a3 3 0 0 0 0-6h-4a3 3 0 0 1 0-6h6" />
  </Icon>
);

export const AdaptiveIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M4 17c3 0 3-10 8-10s5 10 8 10" />
    <path d="m17 14 3 3 3-3" />
  </Icon>
);

/* Rewards and topics. */

export const TrophyIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M8 4h8v5a4 4 0 0 1-8 0V4ZM8 6H4v1a4 4 0 0 0 4 4M16 6h4v1a4 4 0 0 1-4 4M12 13v4M8 21h8M9 17h6v4H9z" />
  </Icon>
);

/** Outlined unless `filled`. */
export const StarIcon = ({ size, filled = false }: IconProps & { filled?: boolean }) => (
  <Icon size={size} filled={filled}>
    <path d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z" />
  </Icon>
);

/** A flexed arm: effort (the daily challenge below 80 %). */
export const MuscleIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M5 20c-1.5-3-1.5-7 .5-10.5L9 4h4l-.5 3H10l-1 4c2.5-1.8 6.5-1.5 9 .5 2.5 2 2 6.5-1.5 7.5-3.5 1-7.5 1-11.5 1Z" />
  </Icon>
);

export const CalendarIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Icon>
);

export const CrownIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="m3 7 4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7Z" />
  </Icon>
);

export const MedalIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="12" cy="15" r="6" />
    <path d="M8.5 10 6 3h4l2 5 2-5h4l-2.5 7" />
  </Icon>
);

export const TargetIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </Icon>
);

export const BoltIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
  </Icon>
);

export const FlameIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M12 22c4 0 7-2.7 7-6.8 0-3.7-2.6-6.2-4.4-8.6-.5 2-1.6 3.2-2.9 3.7.2-3.1-1.1-5.9-3.7-8.3.3 3.5-4 6.3-4 11.2C4 19.3 8 22 12 22Z" />
  </Icon>
);

export const RocketIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M14 4c3-1.5 5.5-1.5 6-1 .5.5.5 3-1 6l-6 6-4-4 5-7Z" />
    <path d="m9 11-4 0-2 3 4 1M13 15v4l-3 2-1-4M5 19l2-2" />
  </Icon>
);

export const GraduationCapIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="m2 9 10-5 10 5-10 5L2 9Z" />
    <path d="M6 11v5c3 2.7 9 2.7 12 0v-5M22 9v6" />
  </Icon>
);

export const CompassIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
  </Icon>
);

export const ScrollIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M7 4h11a2 2 0 0 1 2 2v1h-4M7 4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7" />
    <path d="M9 9h6M9 13h6M9 17h4" />
  </Icon>
);

export const GlobeIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
  </Icon>
);

export const FeatherIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M20 4c-7 0-13 5-13 12v4M7 16h6c4-1.5 7-6 7-12" />
    <path d="M4 20l3-4" />
  </Icon>
);

export const BulbIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z" />
  </Icon>
);

/** A single book. */
export const BookIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <path d="M4 19.5V5a2 2 0 0 1 2-2h14v14H6a2 2 0 0 0-2 2.5zM4 19.5A2 2 0 0 0 6 21h14" />
  </Icon>
);

/** A shelf of books. */
export const BooksIcon: IconComponent = ({ size }) => (
  <Icon size={size}>
    <rect x="3" y="4" width="5" height="16" rx="1" />
    <rect x="8" y="4" width="5" height="16" rx="1" />
    <path d="m14 5.5 4-1 3 14.5-4 1L14 5.5Z" />
  </Icon>
);
