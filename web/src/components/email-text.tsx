import { Fragment } from 'react';
import styles from './email-text.module.css';

/**
 * An e-mail address that wraps where a reader expects: after the "@" and before each dot,
 * never a few letters into a word (member addresses broken mid-word in a narrow
 * column). `<wbr>` offers the break points; the class keeps a part longer than the line
 * from overflowing (then, and only then, it breaks inside the part).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const local = at < 0 ? email : email.slice(0, at + 1);
  const domain = at < 0 ? '' : email.slice(at + 1);
  return (
    <span className={styles.email}>
      {local}
      {domain && <wbr />}
      {domain.split('.').map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
