import { useState, type FormEvent } from 'react';
import { MAX_LENGTH } from '#shared/constants.ts';
import { addStudentSchema, PARENT_MESSAGES as M } from '#shared/parents/parents.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { EmailField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useAddStudent } from '../api/parent-api.ts';

export interface AddStudentDialogProps {
  open: boolean;
  onClose(): void;
  onAdded(email: string): void;
}

/** Add Student (docs/admin.md): the student's e-mail; the server's messages are shown as they come. */
export function AddStudentDialog({ open, onClose, onAdded }: AddStudentDialogProps) {
  return (
    <Dialog open={open} title="Add Student" onClose={onClose}>
      {open && <AddStudentForm onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

function AddStudentForm({ onClose, onAdded }: Omit<AddStudentDialogProps, 'open'>) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddStudent();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addStudentSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    add.mutate(parsed.data.email, { onSuccess: () => onAdded(parsed.data.email) });
  };
  // The server's message when it gave one (not found, already linked, declined); otherwise the generic "Failed to add student".
  const serverMessage = add.error ? (isApiError(add.error) && add.error.status < 500 ? add.error.message : M.addFailed) : null;

  return (
    <form className="form" onSubmit={submit} noValidate>
      <EmailField
        label="Student's email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
        hint="The student gets a request to approve. You see their scores once they accept."
        maxLength={MAX_LENGTH.email}
        required
      />
      <FormMessage message={serverMessage} />
      <div className="actions">
        <Button type="submit" loading={add.isPending} disabled={email.trim() === ''}>
          Add Student
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
