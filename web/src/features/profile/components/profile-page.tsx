import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { Profile } from '#shared/api.ts';
import { PROFILE_MESSAGES, profileUpdateSchema } from '#shared/profile.ts';
import { DEFAULT_TIME_MULTIPLIER, parseTimeMultiplier, TIME_MULTIPLIER_HELP, TIME_MULTIPLIERS, timeMultiplierLabel, type TimeMultiplier } from '#shared/quiz/time-allowance.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useDeleteAccount, useUpdateProfile } from '../api/profile-api.ts';
import { accountOverview, SUCCESS_VISIBLE_MS } from '../profile-view.ts';
import styles from './profile-page.module.css';

export interface ProfileViewProps {
  profile: Profile;
  /** Ends the session and leaves for the landing page, once the account is deleted. */
  onDeleted(): Promise<void>;
  /** Asking for the stored profile again failed: the page shows what the session holds. */
  loadFailed?: boolean;
  onRetryLoad?(): void;
}

type Fields = { full_name?: string; phone_number?: string; time_multiplier?: string };
const FIELD_NAMES = ['full_name', 'phone_number', 'time_multiplier'] as const;
const isField = (key: unknown): key is keyof Fields => (FIELD_NAMES as readonly unknown[]).includes(key);

/** A card named by its heading, so each part of the page is a landmark a screen reader can jump to. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 className="card__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /profile (docs/social.md): name and phone, the account at a glance, and Delete Account. */
export function ProfileView({ profile, onDeleted, loadFailed = false, onRetryLoad }: ProfileViewProps) {
  const overview = accountOverview(profile, new Date());
  return (
    <div className={styles.page}>
      <h1 className="page__title">Profile</h1>
      {loadFailed && (
        <Alert tone="error" title={PROFILE_MESSAGES.loadFailed}>
          {onRetryLoad && (
            <Button variant="secondary" onClick={onRetryLoad}>
              Try again
            </Button>
          )}
        </Alert>
      )}
      <Section title="Personal Information">
        <DetailsForm profile={profile} />
      </Section>
      <Section title="Account">
        <dl className={styles.details}>
          <div>
            <dt>Email</dt>
            <dd>{profile.email}</dd>
          </div>
          <div>
            <dt>Account type</dt>
            <dd>{overview.accountType}</dd>
          </div>
          <div>
            <dt>Subscription</dt>
            <dd>{overview.subscription}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{overview.memberSince}</dd>
          </div>
        </dl>
        <p className="muted">Your e-mail address cannot be changed.</p>
      </Section>
      <Section title="Subscription">
        <p>{overview.subscriptionText}</p>
        <LinkButton to="/subscription" variant={overview.fullAccess ? 'secondary' : 'primary'}>
          {overview.subscriptionAction}
        </LinkButton>
      </Section>
      <DangerZone onDeleted={onDeleted} />
    </div>
  );
}

function DetailsForm({ profile }: { profile: Profile }) {
  const [fullName, setFullName] = useState(profile.metadata.full_name ?? '');
  const [phone, setPhone] = useState(profile.metadata.phone_number ?? '');
  const [timeMultiplier, setTimeMultiplier] = useState<TimeMultiplier>(profile.metadata.time_multiplier ?? DEFAULT_TIME_MULTIPLIER);
  const [errors, setErrors] = useState<Fields>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = profileUpdateSchema.safeParse({ full_name: fullName, phone_number: phone, time_multiplier: timeMultiplier });
    if (!parsed.success) {
      const next: Fields = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (isField(key) && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: ({ profile: stored }) => {
        setFullName(stored.metadata.full_name ?? '');
        setPhone(stored.metadata.phone_number ?? '');
        setTimeMultiplier(stored.metadata.time_multiplier ?? DEFAULT_TIME_MULTIPLIER);
        setSaved(true);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 400) setErrors(error.fields as Fields);
      },
    });
  };

  const failed = update.isError && !(isApiError(update.error) && update.error.status === 400) ? PROFILE_MESSAGES.updateFailed : null;
  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Full name" name="full_name" autoComplete="name" value={fullName} maxLength={100} onChange={(e) => setFullName(e.target.value)} error={errors.full_name} />
      <TextField
        label="Phone"
        name="phone_number"
        type="tel"
        autoComplete="tel"
        value={phone}
        maxLength={30}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone_number}
        hint="Digits, spaces, hyphens and parentheses, with an optional leading +."
      />
      <TimeMultiplierField value={timeMultiplier} onChange={setTimeMultiplier} error={errors.time_multiplier} />
      <FormMessage message={failed} />
      <div role="status">{saved && <Alert tone="success">{PROFILE_MESSAGES.updated}</Alert>}</div>
      <div>
        <Button type="submit" loading={update.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** Accessible timed play: the time allowance the server applies to every timed round. */
function TimeMultiplierField({ value, onChange, error }: { value: TimeMultiplier; onChange(value: TimeMultiplier): void; error?: string | undefined }) {
  const id = useId();
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        Time allowance
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {TIME_MULTIPLIER_HELP}
      </p>
      <select
        id={id}
        name="time_multiplier"
        className="field__input"
        value={`${value}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(parseTimeMultiplier(e.target.value) ?? DEFAULT_TIME_MULTIPLIER)}
      >
        {TIME_MULTIPLIERS.map((multiplier) => (
          <option key={multiplier} value={`${multiplier}`}>
            {timeMultiplierLabel(multiplier)}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function DangerZone({ onDeleted }: { onDeleted(): Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <section className={styles.danger} aria-labelledby="danger-zone">
      <h2 id="danger-zone" className={styles.dangerTitle}>
        Danger Zone
      </h2>
      <p>Delete your account and all of its data. This cannot be undone.</p>
      <Button className={styles.dangerButton} onClick={() => setConfirming(true)}>
        Delete Account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete Account"
        confirmLabel="Yes, Delete My Account"
        confirmClassName={styles.dangerButton}
        pending={remove.isPending}
        error={remove.isError ? PROFILE_MESSAGES.deleteFailed : null}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void onDeleted() })}
        onCancel={close}
      >
        <p>{PROFILE_MESSAGES.deleteConfirm}</p>
      </ConfirmDialog>
    </section>
  );
}
