import type { StaffMember } from 'pos-sdk/contract';
import { formatVenueDateTime } from 'pos-sdk/rules';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmailText } from '../../components/EmailText';
import { PosDialog } from '../../components/PosDialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { usePos } from '../../hooks/usePos';
import { useSubmission } from '../adminForm';
import { Banner, DataTable, FormMessage } from '../parts';

/** Which dialog is open, and for whom. */
type Open =
  | { readonly kind: 'add' }
  | { readonly kind: 'edit' | 'password' | 'pin' | 'active'; readonly member: StaffMember }
  | null;

const fullName = (member: StaffMember) => `${member.name.first} ${member.name.last}`.trim();

/** A yes/no right as a checkbox of a form. */
function RightBox({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint: ReactNode;
}) {
  return (
    <label className="flex min-h-12 items-start gap-3">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 accent-brand-600"
      />
      <span>
        <span className="font-semibold">{label}</span>
        <span className="block text-sm text-slate-600 dark:text-slate-300">{hint}</span>
      </span>
    </label>
  );
}

/**
 * Staff: the venue's members of staff with their role and rights; add one, edit name, email, role and rights, disable
 * or enable, reset a password or a PIN. The same calls as `pos staff`; the server's field messages show under the
 * fields.
 */
export function StaffScreen() {
  const pos = usePos();
  const [staff, setStaff] = useState<readonly StaffMember[] | null>(null);
  const [loadFailure, setLoadFailure] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState('');
  const load = useCallback(() => {
    pos.api.staffList().then(
      (list) => {
        setStaff(list);
        setLoadFailure('');
      },
      (error: unknown) => setLoadFailure(error instanceof Error ? error.message : String(error)),
    );
  }, [pos]);
  useEffect(load, [load]);
  const done = (message: string) => {
    setOpen(null);
    setNotice(message);
    load();
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-2xl font-bold">Staff</h1>
        <Button variant="primary" onClick={() => setOpen({ kind: 'add' })}>
          Add staff
        </Button>
      </div>
      <Banner tone="done">{notice}</Banner>
      <Banner tone="error">{loadFailure}</Banner>
      <DataTable label="Staff" heads={['Name', 'Email', 'Role', 'Rights', 'Status', 'Added', '']}>
        {(staff ?? []).map((member) => (
          <tr
            key={member._id}
            data-testid="staff-row"
            data-email={member.email}
            className="border-b border-slate-100 align-top dark:border-slate-800"
          >
            <td className="px-3 py-2 font-semibold">{fullName(member)}</td>
            <td className="px-3 py-2">
              <EmailText email={member.email} />
            </td>
            <td className="px-3 py-2">{member.role === 'manager' ? 'Manager' : 'Staff'}</td>
            <td className="px-3 py-2 text-sm">
              {member.role === 'manager'
                ? 'All'
                : [
                    member.approve_discounts ? 'Approves discounts' : null,
                    member.hold_memberships ? 'Holds memberships' : null,
                  ]
                    .filter(Boolean)
                    .join(', ') || 'None'}
            </td>
            <td className="px-3 py-2">{member.active ? 'Active' : 'Disabled'}</td>
            <td className="px-3 py-2 text-sm whitespace-nowrap tabular-nums">
              {formatVenueDateTime(member.created_at, pos.config.timeZone)}
            </td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-1">
                <Button size="md" variant="outline" onClick={() => setOpen({ kind: 'edit', member })}>
                  Edit
                </Button>
                <Button size="md" variant="ghost" onClick={() => setOpen({ kind: 'password', member })}>
                  Reset password
                </Button>
                <Button size="md" variant="ghost" onClick={() => setOpen({ kind: 'pin', member })}>
                  Reset PIN
                </Button>
                <Button
                  size="md"
                  variant={member.active ? 'dangerOutline' : 'outline'}
                  onClick={() => setOpen({ kind: 'active', member })}
                >
                  {member.active ? 'Disable' : 'Enable'}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {open?.kind === 'add' ? <AddStaffDialog onClose={() => setOpen(null)} onDone={done} /> : null}
      {open?.kind === 'edit' ? (
        <EditStaffDialog member={open.member} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.kind === 'password' || open?.kind === 'pin' ? (
        <ResetDialog kind={open.kind} member={open.member} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
      {open?.kind === 'active' ? (
        <ActiveDialog member={open.member} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </div>
  );
}

interface DialogProps {
  readonly onClose: () => void;
  readonly onDone: (message: string) => void;
}

function AddStaffDialog({ onClose, onDone }: DialogProps) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [form, setForm] = useState({ first: '', last: '', email: '', role: 'staff', password: '', pin: '' });
  const set = (key: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));
  const submit = () =>
    void run(() => pos.api.staffAdd({ ...form, role: form.role === 'manager' ? 'manager' : 'staff' })).then(
      (ok) => ok && onDone(`Added ${form.first} ${form.last}`.trim()),
    );
  return (
    <PosDialog
      open
      title="Add staff"
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Add"
      busy={busy}
      size="lg"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="First name"
          value={form.first}
          onChange={(e) => set('first')(e.target.value)}
          error={failure.fields.first}
          data-autofocus
        />
        <TextField
          label="Last name"
          value={form.last}
          onChange={(e) => set('last')(e.target.value)}
          error={failure.fields.last}
        />
        <TextField
          label="Email"
          type="email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          error={failure.fields.email}
        />
        <SelectField
          label="Role"
          value={form.role}
          onChange={(e) => set('role')(e.target.value)}
          error={failure.fields.role}
        >
          <option value="staff">Staff</option>
          <option value="manager">Manager</option>
        </SelectField>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password')(e.target.value)}
          error={failure.fields.password}
        />
        <TextField
          label="PIN"
          inputMode="numeric"
          autoComplete="off"
          value={form.pin}
          onChange={(e) => set('pin')(e.target.value)}
          error={failure.fields.pin}
        />
      </div>
      <FormMessage failure={failure} />
    </PosDialog>
  );
}

function EditStaffDialog({ member, onClose, onDone }: DialogProps & { member: StaffMember }) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [form, setForm] = useState({
    first: member.name.first,
    last: member.name.last,
    email: member.email,
    role: member.role,
    approve_discounts: member.approve_discounts,
    hold_memberships: member.hold_memberships === true,
  });
  const submit = () => {
    const changes: Record<string, string | boolean> = {};
    if (form.first !== member.name.first) changes.first = form.first;
    if (form.last !== member.name.last) changes.last = form.last;
    if (form.email !== member.email) changes.email = form.email;
    if (form.role !== member.role) changes.role = form.role;
    if (form.approve_discounts !== member.approve_discounts)
      changes.approve_discounts = form.approve_discounts;
    if (form.hold_memberships !== (member.hold_memberships === true))
      changes.hold_memberships = form.hold_memberships;
    if (Object.keys(changes).length === 0) return onClose();
    void run(() => pos.api.staffEdit({ email: member.email, changes })).then(
      (ok) => ok && onDone(`Updated ${form.first} ${form.last}`.trim()),
    );
  };
  return (
    <PosDialog
      open
      title={`Edit ${fullName(member)}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save"
      busy={busy}
      size="lg"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="First name"
          value={form.first}
          onChange={(e) => setForm({ ...form, first: e.target.value })}
          error={failure.fields.first}
          data-autofocus
        />
        <TextField
          label="Last name"
          value={form.last}
          onChange={(e) => setForm({ ...form, last: e.target.value })}
          error={failure.fields.last}
        />
        <TextField
          label="Email"
          type="email"
          value={form.email}
          onChange={(e) => setForm({ ...form, email: e.target.value })}
          error={failure.fields.email}
        />
        <SelectField
          label="Role"
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value === 'manager' ? 'manager' : 'staff' })}
          error={failure.fields.role}
        >
          <option value="staff">Staff</option>
          <option value="manager">Manager</option>
        </SelectField>
      </div>
      {form.role === 'staff' ? (
        <div className="mt-2 flex flex-col gap-1">
          <RightBox
            label="Approves discounts"
            hint="Listed as an approver in the discount dialog"
            checked={form.approve_discounts}
            onChange={(checked) => setForm({ ...form, approve_discounts: checked })}
          />
          <RightBox
            label="Holds memberships"
            hint="May put a membership on hold and end a hold"
            checked={form.hold_memberships}
            onChange={(checked) => setForm({ ...form, hold_memberships: checked })}
          />
        </div>
      ) : null}
      <FormMessage failure={failure} />
    </PosDialog>
  );
}

function ResetDialog({
  kind,
  member,
  onClose,
  onDone,
}: DialogProps & { kind: 'password' | 'pin'; member: StaffMember }) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const [value, setValue] = useState('');
  const isPin = kind === 'pin';
  const submit = () =>
    void run(() =>
      isPin
        ? pos.api.staffResetPin({ email: member.email, pin: value })
        : pos.api.staffResetPassword({ email: member.email, password: value }),
    ).then((ok) => ok && onDone(`${isPin ? 'PIN' : 'Password'} reset for ${fullName(member)}`));
  return (
    <PosDialog
      open
      title={`Reset ${isPin ? 'PIN' : 'password'}`}
      description={`A new ${isPin ? 'PIN' : 'password'} for ${fullName(member)} (${member.email}).`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Reset"
      busy={busy}
    >
      <TextField
        label={isPin ? 'New PIN' : 'New password'}
        type={isPin ? 'text' : 'password'}
        inputMode={isPin ? 'numeric' : undefined}
        autoComplete={isPin ? 'off' : 'new-password'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={failure.fields[isPin ? 'pin' : 'password']}
        data-autofocus
      />
      <FormMessage failure={failure} />
    </PosDialog>
  );
}

function ActiveDialog({ member, onClose, onDone }: DialogProps & { member: StaffMember }) {
  const pos = usePos();
  const { busy, failure, run } = useSubmission();
  const disabling = member.active;
  return (
    <ConfirmDialog
      open
      title={disabling ? `Disable ${fullName(member)}?` : `Enable ${fullName(member)}?`}
      note={
        <>
          {disabling
            ? 'They are signed out everywhere and can no longer sign in; their sales stay as they are.'
            : 'They can sign in again with their password and PIN.'}
          {failure.message ? (
            <span role="alert" className="mt-2 block font-medium text-red-700 dark:text-red-400">
              {failure.message}
            </span>
          ) : null}
        </>
      }
      confirmLabel={disabling ? 'Disable' : 'Enable'}
      cancelLabel="Cancel"
      confirmVariant={disabling ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={() =>
        void run(() => pos.api.staffSetActive({ email: member.email, active: !disabling })).then(
          (ok) => ok && onDone(`${disabling ? 'Disabled' : 'Enabled'} ${fullName(member)}`),
        )
      }
      onCancel={onClose}
    />
  );
}
