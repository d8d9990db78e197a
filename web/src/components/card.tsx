import type { ReactNode } from 'react';

export interface CardProps {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 1 | 2 | 3;
  className?: string;
  children: ReactNode;
}

export function Card({ title, level = 2, className, children }: CardProps) {
  const Heading = `h${level}` as const;
  return (
    <section className={['card', className ?? ''].filter(Boolean).join(' ')}>
      {title && <Heading className="card__title">{title}</Heading>}
      {children}
    </section>
  );
}
