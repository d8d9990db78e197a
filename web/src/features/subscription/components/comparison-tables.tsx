import { PLAN_IDS, PLANS } from '#shared/plans.ts';
import { formatUsd } from '#shared/plans.ts';
import { featureRows, planOptions, type FeatureCell } from '../plan-model.ts';
import planPickerStyles from './plan-picker.module.css';
import styles from './comparison-tables.module.css';
import subSectionStyles from './sub-section.module.css';

function Mark({ cell }: { cell: FeatureCell }) {
  return (
    <span className={cell.included ? `${styles.mark} ${styles['mark--yes']}` : `${styles.mark} ${styles['mark--no']}`}>
      {cell.text ?? (
        <>
          <span aria-hidden="true">{cell.included ? '✓' : '—'}</span>
          <span className="visually-hidden">{cell.included ? 'Included' : 'Not included'}</span>
        </>
      )}
    </span>
  );
}

// The scroll container (not the section) is the named region, so it can take focus and scroll by keyboard.

/** Every plan of shared/plans.ts (and Free) in one table: price, billing, savings and terms. */
export function PlanTable({ email }: { email: string }) {
  const options = planOptions(email);
  return (
    <section className="sub-section">
      <h2 id="plan-table-title" className={subSectionStyles['sub-section__title']}>
        Compare plans
      </h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="plan-table-title">
        <table className={`${styles.compare} ${styles['compare--plans']}`}>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Price</th>
              <th scope="col">Savings</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Free</th>
              <td>{formatUsd(0)}</td>
              <td>—</td>
              <td>Beginner questions and the basics, for as long as you like</td>
            </tr>
            {options.map((plan) => (
              <tr key={plan.id}>
                <th scope="row">{plan.name}</th>
                <td className={styles.compare__price}>
                  {plan.price}/{PLANS[plan.id].period}
                  {plan.was && (
                    <>
                      {' '}
                      <s className={planPickerStyles['plan-option__was']}>
                        <span className="visually-hidden">regular price </span>
                        {plan.was}
                      </s>
                    </>
                  )}
                </td>
                <td>{plan.saving}</td>
                <td>{plan.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={`muted ${styles.compare__foot}`}>
        Prices in US dollars. {PLAN_IDS.length} Premium plans, every one with the same Premium features.
      </p>
    </section>
  );
}

/** Free vs Premium, feature by feature (PREMIUM_FEATURES and FREE_LIMITS). */
export function FeatureTable() {
  const rows = featureRows();
  return (
    <section className="sub-section">
      <h2 id="feature-table-title" className={subSectionStyles['sub-section__title']}>
        Compare features
      </h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="feature-table-title">
        <table className={`${styles.compare} ${styles['compare--features']}`}>
          <thead>
            <tr>
              <th scope="col">Feature</th>
              <th scope="col">Free</th>
              <th scope="col">Premium</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>
                  <Mark cell={row.free} />
                </td>
                <td>
                  <Mark cell={row.premium} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
