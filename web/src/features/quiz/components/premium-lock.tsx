import { LinkButton } from '@/components/button.tsx';
import { LockIcon } from '@/components/icons.tsx';

/** A gated advanced or expert quiz (403 premium_required): the premium lock overlay. */
export function PremiumLock({ message, dashboardPath }: { message: string; dashboardPath: string }) {
  return (
    <div className="quiz-lock">
      <section className="quiz-lock__panel" aria-labelledby="quiz-lock-title">
        <span className="quiz-lock__icon">
          <LockIcon size={36} />
        </span>
        <h1 id="quiz-lock-title" className="quiz-lock__title">
          Premium level
        </h1>
        <p>{message}</p>
        <div className="actions actions--center">
          <LinkButton to="/subscription">Start Free Trial</LinkButton>
          <LinkButton to={dashboardPath} variant="secondary">
            Back to Dashboard
          </LinkButton>
        </div>
      </section>
    </div>
  );
}
