import { useId } from 'react';
import type { PlanId } from '#shared/plans.ts';
import type { PlanOption } from '../plan-model.ts';
import styles from './plan-picker.module.css';

interface Props {
  options: PlanOption[];
  selected: PlanId;
  onSelect(plan: PlanId): void;
  /** While a request is pending. */
  disabled?: boolean;
}

/**
 * The plan picker: one radio per plan, named by the plan ("Monthly"), described by its price
 * and note. The student plan without a .edu address is disabled and says why.
 */
export function PlanPicker({ options, selected, onSelect, disabled = false }: Props) {
  const id = useId();
  return (
    <fieldset className={styles['plan-picker']} disabled={disabled}>
      <legend className="visually-hidden">Plans</legend>
      <div className={styles['plan-picker__options']}>
        {options.map((plan) => {
          const nameId = `${id}-${plan.id}-name`;
          const detailId = `${id}-${plan.id}-detail`;
          const blockedId = `${id}-${plan.id}-blocked`;
          return (
            <label
              key={plan.id}
              className={[styles['plan-option'], plan.selectable ? '' : styles['plan-option--blocked']].filter(Boolean).join(' ')}
            >
              <span className={styles['plan-option__head']}>
                <input
                  type="radio"
                  name={`${id}-plan`}
                  value={plan.id}
                  checked={selected === plan.id}
                  disabled={!plan.selectable}
                  onChange={() => onSelect(plan.id)}
                  aria-labelledby={nameId}
                  aria-describedby={[detailId, plan.blockedReason ? blockedId : ''].filter(Boolean).join(' ')}
                />
                <span id={nameId} className={styles['plan-option__name']}>
                  {plan.name}
                </span>
                <span className={styles['plan-option__saving']}>{plan.saving}</span>
              </span>
              <span id={detailId} className={styles['plan-option__detail']}>
                <span className={styles['plan-option__price']}>
                  <strong>{plan.price}</strong>/{plan.period}
                  {plan.was && (
                    <s className={styles['plan-option__was']}>
                      <span className="visually-hidden">, regular price </span>
                      {plan.was}
                    </s>
                  )}
                </span>
                {!plan.blockedReason && <span className={styles['plan-option__note']}>{plan.note}</span>}
              </span>
              {plan.blockedReason && (
                <span id={blockedId} className={styles['plan-option__blocked']}>
                  {plan.blockedReason}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
