import { useEffect, useState, type FormEvent } from 'react';
import { fieldErrors } from '#shared/validation/auth.ts';
import { notificationSettingsSchema, SAVED_MESSAGE_MS, SETTINGS_MESSAGES as M, type NotificationSettings } from '#shared/notifications/settings.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useNotificationSettings, useSaveSettings } from '../api/notifications-api.ts';
import { currentPermission, type Permission } from '../browser-notifications.ts';
import styles from './notification-settings-page.module.css';

type Toggle = 'streakReminders' | 'tournamentAlerts' | 'achievementCelebrations' | 'studyReminders' | 'friendChallenges';

const TOGGLES: readonly { key: Toggle; label: string; hint: string }[] = [
  { key: 'streakReminders', label: 'Streak reminders', hint: 'Every 5 days of your streak' },
  { key: 'tournamentAlerts', label: 'Tournament alerts', hint: 'Your live matches, 15 minutes before they start, in quiet hours too' },
  { key: 'achievementCelebrations', label: 'Achievement celebrations', hint: 'When you unlock an achievement' },
  { key: 'studyReminders', label: 'Study reminders', hint: 'Daily at your preferred study time, never in quiet hours' },
  { key: 'friendChallenges', label: 'Friend challenges', hint: 'Friend requests, challenges and their results' },
];

/** /notifications (docs/social.md): the five toggles, quiet hours, preferred study time, and browser notifications. */
export function NotificationSettingsPage() {
  useDocumentTitle('Notification Settings');
  const settings = useNotificationSettings();
  return (
    <div className={styles.page}>
      <h1 className="page__title">Notification Settings</h1>
      {settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : settings.isError ? (
        <Alert tone="error" title={M.loadFailed}>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <p role="status" className={styles.loading}>
          Loading settings…
        </p>
      )}
      <BrowserNotifications />
    </div>
  );
}

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveSettings();

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFailure(null);
    const parsed = notificationSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error) as Record<string, string>);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        if (isApiError(error) && error.status === 400 && Object.keys(error.fields).length > 0) setErrors(error.fields);
        setFailure(M.saveFailed);
      },
    });
  };

  return (
    <form className={`card ${styles.form}`} onSubmit={submit} noValidate>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Notify me about</legend>
        {TOGGLES.map(({ key, label, hint }) => (
          <label key={key} className={styles.toggle}>
            <input type="checkbox" checked={form[key]} onChange={(event) => setForm({ ...form, [key]: event.target.checked })} aria-describedby={`${key}-hint`} />
            <span>
              <span className={styles.toggleLabel}>{label}</span>
              <span className={styles.hint} id={`${key}-hint`}>
                {hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Quiet hours</legend>
        <p className={styles.hint}>Nothing reaches you between these times; what comes in waits until they end. A parent’s or teacher’s request that needs your answer, and a live match you registered for starting soon, still show at once.</p>
        <div className={styles.times}>
          <TextField
            type="time"
            label="Quiet hours start"
            value={form.quietHours.start}
            onChange={(event) => setForm({ ...form, quietHours: { ...form.quietHours, start: event.target.value } })}
            required
          />
          <TextField
            type="time"
            label="Quiet hours end"
            value={form.quietHours.end}
            onChange={(event) => setForm({ ...form, quietHours: { ...form.quietHours, end: event.target.value } })}
            error={errors.quietHours}
            required
          />
        </div>
      </fieldset>

      <TextField
        type="time"
        label="Preferred study time"
        hint="Study reminders come at this time each day."
        value={form.preferredStudyTime}
        onChange={(event) => setForm({ ...form, preferredStudyTime: event.target.value })}
        error={errors.preferredStudyTime}
        required
      />

      <FormMessage message={failure} />
      <div role="status" className={styles.saved}>
        {saved && <div className="alert alert--success">{M.saved}</div>}
      </div>
      <Button type="submit" loading={save.isPending}>
        Save Settings
      </Button>
    </form>
  );
}

const PERMISSION_TEXT: Record<Permission, string> = {
  granted: 'Browser notifications are on: new notifications pop up while QuizQuest is open.',
  denied: 'Browser notifications are blocked. Allow them for this site in your browser’s settings to get them.',
  default: 'Get a pop-up when something new arrives while QuizQuest is open.',
  unsupported: 'This browser does not support notifications.',
};

function BrowserNotifications() {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const ask = async () => setPermission(await window.Notification.requestPermission());
  return (
    <section className={`card ${styles.browser}`} aria-labelledby="browser-notifications">
      <h2 className="card__title" id="browser-notifications">
        Browser notifications
      </h2>
      <p role="status">{PERMISSION_TEXT[permission]}</p>
      {permission === 'default' && (
        <Button variant="secondary" onClick={() => void ask()}>
          Enable browser notifications
        </Button>
      )}
    </section>
  );
}
