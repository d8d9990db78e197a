import { FREE_PLAN_INCLUDES, formatUsd, LANDING_PRICE, PREMIUM_PLAN_INCLUDES } from '#shared/plans.ts';
import { LinkButton } from '@/components/button.tsx';
import { CheckIcon, ShieldIcon } from '@/components/icons.tsx';
import landingSectionStyles from './landing-section.module.css';
import styles from './landing-pricing.module.css';

function Includes({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles['price-card__list']}>
      {items.map((item) => (
        <li key={item}>
          <CheckIcon />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** Free vs Premium: Free's Get Started (sign-in or your dashboard), Premium's way to /subscription. */
export function LandingPricing({ freeTarget }: { freeTarget: string }) {
  return (
    <section className="landing-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title" className={landingSectionStyles['landing-section__title']}>
        Simple pricing
      </h2>
      <p className={landingSectionStyles['landing-section__lead']}>Start free. Upgrade when you want the full experience.</p>
      <div className={styles['price-cards']}>
        <article className={styles['price-card']} aria-labelledby="price-free">
          <h3 id="price-free" className={styles['price-card__name']}>
            Free
          </h3>
          <p className={styles['price-card__price']}>
            <span className={styles['price-card__amount']}>{formatUsd(0)}</span>
            <span className={styles['price-card__period']}>forever</span>
          </p>
          <Includes items={FREE_PLAN_INCLUDES} />
          <LinkButton to={freeTarget} variant="secondary" block>
            Get Started
          </LinkButton>
        </article>

        <article className={`${styles['price-card']} ${styles['price-card--featured']}`} aria-labelledby="price-premium">
          <p className={styles['price-card__ribbon']}>{LANDING_PRICE.note}</p>
          <h3 id="price-premium" className={styles['price-card__name']}>
            Premium
          </h3>
          <p className={styles['price-card__price']}>
            <span className={styles['price-card__amount']}>{formatUsd(LANDING_PRICE.premium)}</span>
            <span className={styles['price-card__period']}>/month</span>
            <s className={styles['price-card__was']}>
              <span className="visually-hidden">Regular price </span>
              {formatUsd(LANDING_PRICE.was)}
            </s>
          </p>
          <Includes items={PREMIUM_PLAN_INCLUDES} />
          <LinkButton to="/subscription" block>
            Choose Premium
          </LinkButton>
          <p className={styles['price-card__guarantee']}>
            <ShieldIcon />
            {LANDING_PRICE.guaranteeDays}-day money-back guarantee
          </p>
        </article>
      </div>
    </section>
  );
}
