import { LEVELS, SUBJECTS } from '#shared/constants.ts';
import landingSectionStyles from './landing-section.module.css';
import styles from './how-it-works.module.css';

const STEPS = [
  { title: 'Create a free account', text: 'Sign up with your e-mail in under a minute. No credit card needed.' },
  {
    title: 'Pick a subject and level',
    text: `Choose from ${SUBJECTS.length} subjects, each at ${LEVELS.length} levels from beginner to expert.`,
  },
  { title: 'Play and earn', text: 'Answer quizzes, earn points and achievements, and keep your daily streak going.' },
  { title: 'Track your progress', text: 'Watch your mastery grow and move up a level when you are ready.' },
] as const;

export function HowItWorks() {
  return (
    <section className="landing-section" aria-labelledby="how-title">
      <h2 id="how-title" className={landingSectionStyles['landing-section__title']}>
        How it works
      </h2>
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step.title} className={styles.step}>
            <h3 className={styles.step__title}>{step.title}</h3>
            <p className={styles.step__text}>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
