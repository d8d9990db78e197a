import { Link } from 'react-router-dom';
import type { Profile } from '#shared/api.ts';
import { TRIAL_DAYS } from '#shared/constants.ts';
import { LinkButton } from '@/components/button.tsx';
import { ChartIcon, GroupIcon, SparkIcon, TrophyIcon, TutorIcon } from '@/components/icons.tsx';
import { formatDay, planPanel } from '../plan-panel.ts';
import styles from './plan-banner.module.css';

const SHORTCUTS = [
  { label: 'AI Tutor', to: '/ai-tutor', Icon: TutorIcon },
  { label: 'Tournaments', to: '/live-competitions', Icon: TrophyIcon },
  { label: 'Analytics', to: '#analytics', Icon: ChartIcon },
  { label: 'Study Groups', to: '/study-groups', Icon: GroupIcon },
] as const;

/**
 * Free users: the upsell banner with Start Free Trial. Premium, trial and admin: the
 * Premium Dashboard panel, marked ACTIVE, with its four shortcuts (docs/quiz.md).
 */
export function PlanBanner({ profile, now = new Date() }: { profile: Profile; now?: Date }) {
  const panel = planPanel(profile, now);

  if (panel.kind === 'upsell') {
    return (
      <section className={styles.upsell} aria-labelledby="upsell-title">
        <SparkIcon size={28} />
        <div className={styles.upsell__text}>
          <h2 id="upsell-title" className={styles.upsell__title}>
            Unlock Premium
          </h2>
          <p className={styles.upsell__pitch}>
            Advanced and expert levels, detailed analytics, the AI tutor, live tournaments and more. Free for {TRIAL_DAYS} days, no credit card needed.
          </p>
        </div>
        <LinkButton to="/subscription" className={styles.upsell__cta}>
          Start Free Trial
        </LinkButton>
      </section>
    );
  }

  return (
    <section className={styles['premium-panel']} aria-labelledby="premium-panel-title">
      <div className={styles['premium-panel__head']}>
        <h2 id="premium-panel-title" className={styles['premium-panel__title']}>
          Premium Dashboard
        </h2>
        <span className={styles['premium-panel__active']}>ACTIVE</span>
        {panel.trialEnds && (
          <p className={styles['premium-panel__trial']}>
            Trial ends <time dateTime={panel.trialEnds}>{formatDay(panel.trialEnds)}</time>
          </p>
        )}
      </div>
      <nav aria-label="Premium shortcuts">
        <ul className={styles['premium-panel__shortcuts']}>
          {SHORTCUTS.map(({ label, to, Icon }) => (
            <li key={label}>
              {to.startsWith('#') ? (
                <a className={styles.shortcut} href={to}>
                  <Icon size={22} />
                  {label}
                </a>
              ) : (
                <Link className={styles.shortcut} to={to}>
                  <Icon size={22} />
                  {label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
