/** Decorative line icons for the dashboard (the text beside them says the same). */

const common = {
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'icon',
} as const;

export const LockIcon = ({ size = 16 }: { size?: number }) => (
  <svg {...common} width={size} height={size}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);

export const TimerIcon = ({ size = 18 }: { size?: number }) => (
  <svg {...common} width={size} height={size}>
    <circle cx="12" cy="13" r="8" />
    <path d="M12 9v4l2.5 2.5M9 2h6" />
  </svg>
);
