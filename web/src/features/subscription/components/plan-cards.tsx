import { SUBJECTS } from '#shared/constants.ts';
import { FREE_LIMITS } from '#shared/entitlements.ts';
import { formatUsd, lowestMonthlyPrice, type Membership } from '../plan-model.ts';

const FREE_INCLUDES = [
  `Beginner questions in all ${SUBJECTS.length} subjects`,
  `${FREE_LIMITS.quiz_attempts_per_day} quiz rounds a day`,
  `${FREE_LIMITS.study_guides} study guides`,
  'Top-100 leaderboard',
  'Basic progress tracking',
];

const PREMIUM_INCLUDES = [
  'Advanced and expert questions',
  'Unlimited quizzes, bookmarks and study guides',
  'AI tutor, video explanations and adaptive learning',
  'Live tournaments and study groups',
  'Detailed analytics, progress reports and study plans',
  'Ad-free, with priority support',
];

/** Free vs Premium side by side, marking the plan the account is on. */
export function PlanCards({ membership }: { membership: Membership }) {
  const current = membership.kind === 'free' ? 'free' : 'premium';
  return (
    <section className="sub-section" aria-labelledby="tiers-title">
      <h2 id="tiers-title" className="sub-section__title">
        Free or Premium
      </h2>
      <div className="tier-cards">
        <article className="tier-card" aria-labelledby="tier-free">
          <h3 id="tier-free" className="tier-card__name">
            Free {current === 'free' && <span className="tier-card__current">Your plan</span>}
          </h3>
          <p className="tier-card__price">
            <strong>{formatUsd(0)}</strong> forever
          </p>
          <ul className="checklist">
            {FREE_INCLUDES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </article>
        <article className="tier-card tier-card--premium" aria-labelledby="tier-premium">
          <h3 id="tier-premium" className="tier-card__name">
            Premium{' '}
            {current === 'premium' && (
              <span className="tier-card__current">{membership.kind === 'trial' ? 'On trial' : 'Your plan'}</span>
            )}
          </h3>
          <p className="tier-card__price">
            From <strong>{lowestMonthlyPrice()}</strong>/month
          </p>
          <ul className="checklist">
            {PREMIUM_INCLUDES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </article>
      </div>
    </section>
  );
}
