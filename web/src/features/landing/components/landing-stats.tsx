import { useLandingStats } from '../api/get-stats.ts';
import { statItems } from '../stats-format.ts';
import styles from './landing-stats.module.css';

/**
 * The four landing figures from GET /api/stats (real counts unless the operator chose the
 * marketing floors, docs/quiz.md). Each value box keeps its size while loading (a skeleton bar), so nothing
 * shifts when the numbers arrive; a failure shows dashes.
 */
export function LandingStats() {
  const load = useLandingStats();
  const items = statItems(load.status === 'loading' ? null : load.status === 'unavailable' ? 'unavailable' : load.stats);

  return (
    <section className="landing-section landing-stats" aria-labelledby="stats-title" aria-busy={load.status === 'loading'}>
      <h2 id="stats-title" className="visually-hidden">
        QuizQuest in numbers
      </h2>
      <dl className={styles['landing-stats__list']}>
        {items.map((item) => (
          <div key={item.key} className={styles['landing-stats__item']}>
            <dt className={styles['landing-stats__label']}>{item.label}</dt>
            <dd className={styles['landing-stats__value']}>
              {item.value ?? (
                <>
                  <span className={styles['landing-stats__skeleton']} aria-hidden="true" />
                  <span className="visually-hidden">Loading</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
