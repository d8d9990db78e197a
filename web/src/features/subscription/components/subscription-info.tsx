import { TRIAL_DAYS } from '#shared/constants.ts';
import { LANDING_PRICE, PLANS, STUDENT_PLAN_MESSAGE } from '#shared/plans.ts';
import { Button } from '@/components/button.tsx';
import { formatUsd } from '#shared/plans.ts';
import styles from './subscription-info.module.css';
import subSectionStyles from './sub-section.module.css';

/** 30-day money-back, cancel anytime, secure checkout. */
export function Guarantees() {
  const items = [
    {
      title: `${LANDING_PRICE.guaranteeDays}-day money-back guarantee`,
      text: `Not for you? Ask within ${LANDING_PRICE.guaranteeDays} days of paying and you get a full refund.`,
    },
    { title: 'Cancel anytime', text: 'No contract. Cancel whenever you like and you will not be charged again.' },
    {
      title: 'Secure checkout',
      text: "You pay on our payment provider's secure checkout page. QuizQuest never sees your card number.",
    },
  ];
  return (
    <section className="sub-section" aria-labelledby="guarantees-title">
      <h2 id="guarantees-title" className={subSectionStyles['sub-section__title']}>
        Our guarantees
      </h2>
      <ul className={styles.guarantees}>
        {items.map((item) => (
          <li key={item.title} className={styles.guarantee}>
            <h3 className={styles.guarantee__title}>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The current offers, read from the plans. */
export function SpecialOffers() {
  const { monthly, annual, family, student } = PLANS;
  const offers = [
    { badge: `${monthly.discountPercent}% off`, text: `Monthly: ${formatUsd(monthly.price)} a month ${monthly.note}.` },
    {
      badge: `Save ${annual.discountPercent}%`,
      text: `Annual: ${formatUsd(annual.price)} a year instead of ${formatUsd(annual.was)}, just ${annual.note}.`,
    },
    { badge: `Save ${family.discountPercent}%`, text: `Family: ${formatUsd(family.price)} a month for ${family.note}.` },
    { badge: `${student.discountPercent}% off`, text: `Student: ${formatUsd(student.price)} a month with a .edu e-mail address.` },
  ];
  return (
    <section className="sub-section" aria-labelledby="offers-title">
      <h2 id="offers-title" className={subSectionStyles['sub-section__title']}>
        Special offers
      </h2>
      <ul className={styles.offers}>
        {offers.map((offer) => (
          <li key={offer.badge + offer.text} className={styles.offer}>
            <span className={styles.offer__badge}>{offer.badge}</span>
            <span>{offer.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Early access: the way onto the premium waitlist. */
export function EarlyAccess({ onJoin, disabled }: { onJoin(): void; disabled: boolean }) {
  return (
    <section className={`sub-section ${subSectionStyles['early-access']}`} aria-labelledby="early-title">
      <div>
        <h2 id="early-title" className={subSectionStyles['sub-section__title']}>
          Early access
        </h2>
        <p>Be the first to try new Premium features as they arrive. Join the waitlist and we will let you know.</p>
      </div>
      <Button variant="secondary" onClick={onJoin} disabled={disabled} aria-haspopup="dialog">
        Join Waitlist
      </Button>
    </section>
  );
}

/** Frequently asked questions, as native disclosure widgets. */
export function Faq() {
  const questions = [
    {
      q: 'How long is the free trial?',
      a: `${TRIAL_DAYS} days of full Premium access. No credit card is needed, and each account can start the trial once.`,
    },
    {
      q: 'What happens when the trial ends?',
      a: 'Your account goes back to the Free plan automatically. Nothing is charged, and your points, streaks and history stay.',
    },
    {
      q: 'Can I cancel at any time?',
      a: `Yes. Cancel whenever you like and you will not be charged again. Within ${LANDING_PRICE.guaranteeDays} days of paying you can ask for a full refund.`,
    },
    {
      q: 'Who can choose the Student plan?',
      a: `Accounts whose e-mail address ends in .edu (${STUDENT_PLAN_MESSAGE}). For those accounts it is selected automatically.`,
    },
    {
      q: 'How does the Family plan work?',
      a: `One subscription of ${formatUsd(PLANS.family.price)} a month covers ${PLANS.family.note}.`,
    },
    {
      q: 'Is my progress kept if I change plans?',
      a: 'Yes. Your progress belongs to your account, whichever plan you are on.',
    },
  ];
  return (
    <section className="sub-section" aria-labelledby="faq-title">
      <h2 id="faq-title" className={subSectionStyles['sub-section__title']}>
        Frequently asked questions
      </h2>
      <div className={styles.faq}>
        {questions.map((item) => (
          <details key={item.q} className={styles.faq__item}>
            <summary className={styles.faq__question}>{item.q}</summary>
            <p className={styles.faq__answer}>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
