import { FREE_PLAN_INCLUDES, formatUsd, PREMIUM_PLAN_INCLUDES } from '#shared/plans.ts';
import { lowestMonthlyPrice, type Membership } from '../plan-model.ts';
import styles from './plan-cards.module.css';
import subSectionStyles from './sub-section.module.css';

/** Free vs Premium side by side, marking the plan the account is on. */
export function PlanCards({ membership }: { membership: Membership }) {
  const current = membership.kind === 'free' ? 'free' : 'premium';
  return (
    <section className="sub-section" aria-labelledby="tiers-title">
      <h2 id="tiers-title" className={subSectionStyles['sub-section__title']}>
        Free or Premium
      </h2>
      <div className={styles['tier-cards']}>
        <article className={styles['tier-card']} aria-labelledby="tier-free">
          <h3 id="tier-free" className={styles['tier-card__name']}>
            Free {current === 'free' && <span className={styles['tier-card__current']}>Your plan</span>}
          </h3>
          <p className={styles['tier-card__price']}>
            <strong>{formatUsd(0)}</strong> forever
          </p>
          <ul className="checklist">
            {FREE_PLAN_INCLUDES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </article>
        <article className={`${styles['tier-card']} ${styles['tier-card--premium']}`} aria-labelledby="tier-premium">
          <h3 id="tier-premium" className={styles['tier-card__name']}>
            Premium{' '}
            {current === 'premium' && (
              <span className={styles['tier-card__current']}>{membership.kind === 'trial' ? 'On trial' : 'Your plan'}</span>
            )}
          </h3>
          <p className={styles['tier-card__price']}>
            From <strong>{lowestMonthlyPrice()}</strong>/month
          </p>
          <ul className="checklist">
            {PREMIUM_PLAN_INCLUDES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </article>
      </div>
    </section>
  );
}
