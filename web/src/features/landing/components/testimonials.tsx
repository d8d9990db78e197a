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
      <h2 id="testimonials-title" className="landing-section__title">
        Loved by students, parents and teachers
      </h2>
      <ul className="testimonials">
        {TESTIMONIALS.map((item) => (
          <li key={item.name} className="testimonial">
            <figure className="testimonial__figure">
              <blockquote className="testimonial__quote">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="testimonial__who">
                <span className="testimonial__avatar" aria-hidden="true">
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
