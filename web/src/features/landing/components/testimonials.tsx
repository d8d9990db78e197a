import landingSectionStyles from './landing-section.module.css';
import styles from './testimonials.module.css';
/** Marketing quotes, attributed by first name and role. */
const TESTIMONIALS = [
  {
    quote: 'I used to dread history tests. A quick quiz every evening and my last report went from a C to a B+.',
    name: 'Amira',
    role: 'Year 9 student',
  },
  {
    quote: 'The progress view shows me which topics my son is stuck on, so our help at home is actually useful.',
    name: 'Daniel',
    role: 'parent of two',
  },
  {
    quote: 'My class asks for the geography leaderboard every Friday. The streaks keep them practising on their own.',
    name: 'Lena',
    role: 'secondary school teacher',
  },
] as const;

export function Testimonials() {
  return (
    <section className="landing-section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className={landingSectionStyles['landing-section__title']}>
        Loved by students, parents and teachers
      </h2>
      <ul className={styles.testimonials}>
        {TESTIMONIALS.map((item) => (
          <li key={item.name} className={styles.testimonial}>
            <figure className={styles.testimonial__figure}>
              <blockquote className={styles.testimonial__quote}>
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className={styles.testimonial__who}>
                <span className={styles.testimonial__avatar} aria-hidden="true">
                  {item.name.charAt(0)}
                </span>
                <span>
                  <strong>{item.name}</strong>, {item.role}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
