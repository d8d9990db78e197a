import { useId, useState, type FormEvent } from 'react';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { CHALLENGE_DEFAULTS, CHALLENGE_QUESTION_COUNT, CHALLENGE_TIME_LIMITS_SEC, sendChallengeSchema } from '#shared/social/friend-challenge.ts';
import { FRIEND_LIMITS } from '#shared/social/friends.ts';
import type { Friend } from '#shared/social/social-api.ts';
import { SelectField } from '@/components/select-field.tsx';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { useSendChallenge } from '../api/friends-api.ts';
import { timeLimitText } from '../friends-view.ts';
import styles from './friends-page.module.css';
import { capitalise } from '@/lib/capitalise.ts';

export interface SendChallengeDialogProps {
  friend: Friend;
  onClose(): void;
  onSent(): void;
}

/** Send Challenge (docs/social.md): subject, level, 5/10/15/20 questions, 3/5/10 minutes or none, a message. */
export function SendChallengeDialog({ friend, onClose, onSent }: SendChallengeDialogProps) {
  const [subject, setSubject] = useState<Subject>(CHALLENGE_DEFAULTS.subject);
  const [level, setLevel] = useState<Level>(CHALLENGE_DEFAULTS.level);
  const [questionCount, setQuestionCount] = useState<number>(CHALLENGE_DEFAULTS.questionCount);
  const [timeLimitSec, setTimeLimitSec] = useState<number>(CHALLENGE_DEFAULTS.timeLimitSec);
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = useSendChallenge();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendChallengeSchema.safeParse({ friendId: friend.friend_id, subject, level, questionCount, timeLimitSec, message });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please check the challenge settings');
      return;
    }
    setInvalid(null);
    send.mutate(parsed.data, { onSuccess: onSent });
  };

  return (
    <Dialog open title={`Challenge ${friend.email}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <div className={styles.formGrid}>
          <SelectField label="Subject" value={subject} options={SUBJECTS} optionLabel={capitalise} onChange={setSubject} />
          <SelectField label="Level" value={level} options={LEVELS} optionLabel={capitalise} onChange={setLevel} />
          <div className="field">
            <label className="field__label" htmlFor={`${id}-count`}>
              Questions
            </label>
            <select id={`${id}-count`} className="field__input" value={questionCount} onChange={(e) => setQuestionCount(Number(e.target.value))}>
              {CHALLENGE_QUESTION_COUNT.offered.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-time`}>
              Time limit
            </label>
            <select id={`${id}-time`} className="field__input" value={timeLimitSec} onChange={(e) => setTimeLimitSec(Number(e.target.value))}>
              {CHALLENGE_TIME_LIMITS_SEC.map((s) => (
                <option key={s} value={s}>
                  {timeLimitText(s)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-message`}>
            Message (optional)
          </label>
          <textarea
            id={`${id}-message`}
            className={`field__input ${styles.textarea}`}
            value={message}
            rows={2}
            maxLength={FRIEND_LIMITS.messageMax}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        <FormMessage message={invalid ?? send.error?.message} />
        <div className="actions">
          <Button type="submit" loading={send.isPending}>
            Send Challenge
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
