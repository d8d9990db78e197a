import { useState, type FormEvent } from 'react';
import { planOf } from '#shared/account-plan.ts';
import { addUserSchema, ADMIN_MESSAGES as M, editUserSchema, isProtectedAccount } from '#shared/admin/users.ts';
import type { Profile } from '#shared/api.ts';
import { MAX_LENGTH, ROLES, SUBSCRIPTION_STATUSES, type Role, type SubscriptionStatus } from '#shared/constants.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { EmailField, TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { capitalise } from '@/lib/capitalise.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useTypingPaused } from '@/lib/use-typing-paused.ts';
import { useAddUser, useAdminUsers, useDeleteUser, useEditUser } from '../api/admin-api.ts';
import { planText, ROLE_NAMES } from '../admin-view.ts';
import styles from './admin.module.css';

/** What a failed admin change says: the server's word for a taken address or a refusal, else the generic failure message. */
function failureText(error: unknown, fallback: string): string | null {
  if (!error) return null;
  if (isApiError(error) && (error.status === 409 || error.status === 403)) return error.message;
  return fallback;
}

/** The search asks the server once typing pauses. */
const SEARCH_DEBOUNCE_MS = 300;

const joined = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The Users tab (docs/admin.md): a role filter, the table with Edit (an admin's role
 * too, never your own row) and Delete (not for admins: demote first), Add User and Edit User dialogs whose submit stays disabled while the
 * form is invalid or saving, and Delete's confirmation.
 */
export function UsersTab({ viewerId }: { viewerId: string }) {
  const [role, setRole] = useState<Role>('student');
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(role, term);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Profile | null>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const profiles = users.data?.pages.flatMap((page) => page.profiles) ?? [];

  return (
    <section className={styles.section} aria-labelledby="admin-users-title">
      <div className={styles.toolbar}>
        <h2 id="admin-users-title">Users</h2>
        <SelectField label="Role" value={role} options={ROLES} optionLabel={(r) => ROLE_NAMES[r]} onChange={setRole} />
        <TextField label="Search by email" type="search" value={search} maxLength={MAX_LENGTH.email} onChange={(e) => setSearch(e.target.value)} />
        <Button onClick={() => setAdding(true)}>Add User</Button>
      </div>
      <div role="status" className={styles.notice}>
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>

      {users.isPending && <p className="muted">Loading users…</p>}
      {users.isError && <p className="muted">Users could not be loaded.</p>}
      {users.isSuccess && profiles.length === 0 && <p className="muted">No {ROLE_NAMES[role].toLowerCase()} accounts{term ? ` starting with “${term}”` : ''}.</p>}
      {profiles.length > 0 && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={`${ROLE_NAMES[role]} accounts`}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Plan</th>
                <th scope="col">Joined</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {profiles.map((profile) => {
                // Your own row is locked (stepping down is another admin's call); an admin can be
                // edited (demoted) but not deleted until demoted.
                const locked = profile.user_id === viewerId;
                const deletable = !isProtectedAccount(profile.role);
                return (
                  <tr key={profile.user_id}>
                    <th scope="row">{profile.email}</th>
                    <td>{ROLE_NAMES[profile.role]}</td>
                    <td>{planText(planOf(profile, new Date()))}</td>
                    <td>
                      <time dateTime={profile.created_at}>{joined(profile.created_at)}</time>
                    </td>
                    <td>
                      {locked ? (
                        <span className="muted">You</span>
                      ) : (
                        <span className={styles.rowActions}>
                          <Button variant="secondary" aria-label={`Edit ${profile.email}`} onClick={() => (setNotice(null), setEditing(profile))}>
                            Edit
                          </Button>
                          {deletable && (
                            <Button variant="secondary" aria-label={`Delete ${profile.email}`} onClick={() => (setNotice(null), setDeleting(profile))}>
                              Delete
                            </Button>
                          )}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {users.hasNextPage && (
        <div className="actions">
          <Button variant="secondary" onClick={() => void users.fetchNextPage()} loading={users.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}

      <Dialog open={adding} title="Add User" onClose={() => setAdding(false)}>
        {adding && (
          <AddUserForm
            onClose={() => setAdding(false)}
            onDone={(message) => {
              setAdding(false);
              setNotice(message);
            }}
          />
        )}
      </Dialog>
      <Dialog open={editing !== null} title="Edit User" onClose={() => setEditing(null)}>
        {editing && (
          <EditUserForm
            profile={editing}
            onClose={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              setNotice(message);
            }}
          />
        )}
      </Dialog>
      {deleting && (
        <DeleteUserConfirm
          profile={deleting}
          onClose={() => setDeleting(null)}
          onDone={(message) => {
            setDeleting(null);
            setNotice(message);
          }}
        />
      )}
    </section>
  );
}

interface FormProps {
  onClose(): void;
  onDone(message: string): void;
}

function AddUserForm({ onClose, onDone }: FormProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('student');
  const [touched, setTouched] = useState(false);
  const add = useAddUser();
  const parsed = addUserSchema.safeParse({ email, role });
  const emailError = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message;
  const serverField = isApiError(add.error) ? add.error.fields.email : undefined;
  // Said while still in the field once typing pauses: Submit is disabled, and says nothing itself.
  const paused = useTypingPaused(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    add.mutate(parsed.data, { onSuccess: (result) => onDone(result.message) });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <EmailField
        label="Email"
        required
        value={email}
        maxLength={MAX_LENGTH.email + 20}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setTouched(true)}
        error={(touched || paused ? emailError : undefined) ?? serverField}
        hint="They get an e-mail with a link to choose their password."
      />
      <SelectField label="Role" value={role} options={ROLES} optionLabel={(r) => ROLE_NAMES[r]} onChange={setRole} />
      <FormMessage message={serverField ? null : failureText(add.error, M.addFailed)} />
      <div className="actions">
        <Button type="submit" loading={add.isPending} disabled={!parsed.success}>
          Add User
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EditUserForm({ profile, onClose, onDone }: FormProps & { profile: Profile }) {
  const admin = isProtectedAccount(profile.role);
  const [email, setEmail] = useState(profile.email);
  const [role, setRole] = useState<Role>(profile.role);
  const [status, setStatus] = useState<SubscriptionStatus>(profile.subscription_status);
  const edit = useEditUser();
  const parsed = editUserSchema.safeParse({ email, role, subscription_status: status });
  const emailError = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message;
  const serverField = isApiError(edit.error) ? edit.error.fields.email : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return;
    edit.mutate({ userId: profile.user_id, ...parsed.data }, { onSuccess: (result) => onDone(`${result.message}: ${result.profile.email}`) });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <EmailField
        label="Email"
        required
        value={email}
        maxLength={MAX_LENGTH.email + 20}
        onChange={(e) => setEmail(e.target.value)}
        error={emailError ?? serverField}
        readOnly={admin}
        hint={admin ? "An admin's email stays. Change the role to demote them; the server keeps at least one admin." : undefined}
      />
      <SelectField label="Role" value={role} options={ROLES} optionLabel={(r) => ROLE_NAMES[r]} onChange={setRole} />
      <SelectField label="Subscription status" value={status} options={SUBSCRIPTION_STATUSES} optionLabel={capitalise} onChange={setStatus} />
      <FormMessage message={serverField ? null : failureText(edit.error, M.updateFailed)} />
      <div className="actions">
        <Button type="submit" loading={edit.isPending} disabled={!parsed.success}>
          Save Changes
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeleteUserConfirm({ profile, onClose, onDone }: FormProps & { profile: Profile }) {
  const remove = useDeleteUser();
  return (
    <ConfirmDialog
      open
      title="Delete User"
      confirmLabel="Delete"
      pending={remove.isPending}
      error={failureText(remove.error, M.deleteFailed)}
      onConfirm={() => remove.mutate(profile.user_id, { onSuccess: () => onDone(`${M.userDeleted}: ${profile.email}`) })}
      onCancel={onClose}
    >
      <p>{M.deleteConfirm}</p>
      <p>
        <strong>{profile.email}</strong> and all of their data will be removed.
      </p>
    </ConfirmDialog>
  );
}
