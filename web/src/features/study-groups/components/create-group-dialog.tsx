import { useId, useState, type FormEvent } from 'react';
import { GROUP_FORM_DEFAULTS, GROUP_LEVELS, GROUP_LIMITS, GROUP_SUBJECTS, createGroupSchema, type GroupView } from '#shared/groups/study-groups.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { capitalise } from '@/lib/capitalise.ts';
import { useTypingPaused } from '@/lib/use-typing-paused.ts';
import { useCreateGroup } from '../api/groups-api.ts';
import styles from './study-groups.module.css';

export interface CreateGroupDialogProps {
  open: boolean;
  onClose(): void;
  onCreated(group: GroupView): void;
}

const LABEL: Record<string, string> = { all: 'All subjects', mixed: 'Mixed levels' };
const label = (value: string) => LABEL[value] ?? capitalise(value);

/** Create Group: the shared schema's rules and messages; submit is disabled while invalid or saving (docs/social.md). */
export function CreateGroupDialog({ open, onClose, onCreated }: CreateGroupDialogProps) {
  return (
    <Dialog open={open} title="Create Study Group" onClose={onClose}>
      {open && <CreateGroupForm onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

function CreateGroupForm({ onClose, onCreated }: Omit<CreateGroupDialogProps, 'open'>) {
  const [form, setForm] = useState({ ...GROUP_FORM_DEFAULTS, max_members: String(GROUP_FORM_DEFAULTS.max_members) });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const create = useCreateGroup();
  const id = useId();
  const parsed = createGroupSchema.safeParse(form);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  const serverFields = isApiError(create.error) ? create.error.fields : {};
  // A field's error shows on blur, once typing in it pauses, and a too-long description at once:
  // Submit is disabled while the form is invalid, so the field must say why.
  const paused: Record<string, boolean> = {
    name: useTypingPaused(form.name),
    description: form.description.length > GROUP_LIMITS.descriptionMax,
    max_members: useTypingPaused(form.max_members),
  };
  const shown = (field: string) => (touched[field] || paused[field] ? (errors[field] ?? serverFields[field]) : serverFields[field]);

  const set = (field: keyof typeof form) => (value: string | boolean) => setForm((f) => ({ ...f, [field]: value }));
  const blur = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, description: true, max_members: true });
    if (!parsed.success || create.isPending) return;
    create.mutate(parsed.data, { onSuccess: ({ group }) => onCreated(group) });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Create Study Group">
      <TextField
        label="Group name"
        value={form.name}
        onChange={(e) => set('name')(e.target.value)}
        onBlur={blur('name')}
        error={shown('name')}
        hint={`${GROUP_LIMITS.nameMin} to ${GROUP_LIMITS.nameMax} letters, digits and spaces.`}
        maxLength={GROUP_LIMITS.nameMax + 10}
        required
      />
      <div className={['field', shown('description') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={`${id}-description`}>
          Description
        </label>
        <textarea
          id={`${id}-description`}
          className={`field__input ${styles.textarea}`}
          value={form.description}
          onChange={(e) => set('description')(e.target.value)}
          onBlur={blur('description')}
          rows={3}
          aria-invalid={shown('description') ? true : undefined}
          aria-describedby={[`${id}-description-count`, shown('description') ? `${id}-description-error` : ''].filter(Boolean).join(' ')}
        />
        <p className="field__hint" id={`${id}-description-count`}>
          {form.description.length} / {GROUP_LIMITS.descriptionMax}
        </p>
        {shown('description') && (
          <p className="field__error" id={`${id}-description-error`}>
            {shown('description')}
          </p>
        )}
      </div>
      <div className={styles.formRow}>
        <SelectField label="Subject" value={form.subject} options={GROUP_SUBJECTS} optionLabel={label} onChange={set('subject')} />
        <SelectField label="Level" value={form.level} options={GROUP_LEVELS} optionLabel={label} onChange={set('level')} />
      </div>
      <TextField
        label="Max members"
        type="number"
        inputMode="numeric"
        min={GROUP_LIMITS.membersMin}
        max={GROUP_LIMITS.membersMax}
        value={form.max_members}
        onChange={(e) => set('max_members')(e.target.value)}
        onBlur={blur('max_members')}
        error={shown('max_members')}
      />
      <label className={styles.checkbox}>
        <input type="checkbox" checked={form.is_private} onChange={(e) => set('is_private')(e.target.checked)} />
        Private group (members join by invitation)
      </label>
      <FormMessage message={create.isError ? create.error.message || 'Failed to create group' : null} />
      <div className="actions">
        <Button type="submit" loading={create.isPending} disabled={!parsed.success}>
          Create Group
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
