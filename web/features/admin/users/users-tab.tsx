import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Choices } from "../components/filter-select";
import { Alert } from "../../../components/alert";
import { notify } from "../../../components/notify";
import { Button } from "../../../components/button";
import { Card, CardHeader } from "../../../components/card";
import { Field, inputClass } from "../../../components/field";
import { DataTable } from "../../../components/data-table";
import { FormModal } from "../components/form-modal";
import { ListState } from "../components/list-state";
import { PasswordField } from "../components/password-field";
import { useStaff } from "../../../entities/staff/session";
import { createUserAtom, STAFF_ROLES, updateUserAtom, usersQueryAtom, type StaffRole } from "./queries";
import { SubmitRow } from "../components/submit-row";
import { closeWith, useFormCheck } from "../components/form-check";
import { newPassword, PASSWORD_MIN_LENGTH, staffForm } from "../../../../shared/forms/admin-forms";

const t = itAdmin.users;

type User = { id: number; email: string; name: string; role: StaffRole; disabled: boolean };

/** The owner's screen for staff accounts: create, change role, disable/enable, reset password. */
export function UsersTab() {
  const users = useAtomValue(usersQueryAtom);
  const update = useAtomValue(updateUserAtom);
  const me = useStaff();
  const [disabling, setDisabling] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

  function change(user: User, patch: { role?: StaffRole; disabled?: boolean }, done: string, body?: string) {
    update.mutate(
      { id: user.id, ...patch },
      { onSuccess: () => notify.success(done, body), onError: (err) => notify.error(errorMessage(err, t.failed)), onSettled: () => setDisabling(null) },
    );
  }

  return (
    <div className="space-y-6">
      <NewUserCard />
      <Card>
        <CardHeader title={t.title} description={t.description} />
        <ListState query={users} empty={t.empty}>
          {(rows) => (
            <DataTable
              rows={rows}
              rowKey={(user) => user.id}
              rowTestId="user-row"
              rowClassName={(user) => (user.disabled ? "bg-slate-50 text-slate-500" : "")}
              columns={[
                {
                  header: t.colName,
                  className: "font-medium text-slate-900",
                  cell: (user) => (
                    <>
                      {user.name} {user.id === me.id ? <span className="font-normal text-slate-600">{t.you}</span> : null}
                    </>
                  ),
                },
                { header: t.colEmail, cell: (user) => user.email },
                {
                  header: t.colRole,
                  cell: (user) => (
                    <select
                      aria-label={t.roleOf(user.name)}
                      className={`${inputClass} min-w-36`}
                      value={user.role}
                      disabled={update.isPending}
                      onChange={(e) => change(user, { role: e.target.value as StaffRole }, t.roleChanged, t.roleChangedBody)}
                    >
                      <RoleOptions />
                    </select>
                  ),
                },
                {
                  header: t.colStatus,
                  cell: (user) => (
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${user.disabled ? "bg-slate-100 text-slate-600 ring-slate-200" : "bg-emerald-50 text-emerald-700 ring-emerald-200"}`}
                    >
                      {user.disabled ? t.disabled : t.active}
                    </span>
                  ),
                },
              ]}
              actionsHeader={t.colActions}
              actions={(user) => (
                <>
                  <Button size="sm" variant="secondary" className="whitespace-nowrap" onClick={() => setResetting(user)}>
                    {t.resetPassword}
                  </Button>
                  {user.disabled ? (
                    <Button size="sm" variant="secondary" disabled={update.isPending} onClick={() => change(user, { disabled: false }, t.enabledDone)}>
                      {t.enable}
                    </Button>
                  ) : (
                    <Button size="sm" variant="danger" disabled={update.isPending} onClick={() => setDisabling(user)}>
                      {t.disable}
                    </Button>
                  )}
                </>
              )}
            />
          )}
        </ListState>
      </Card>

      <ConfirmDialog
        open={disabling !== null}
        title={t.disableTitle}
        message={disabling ? t.disableConfirm(disabling.name) : ""}
        confirmLabel={t.disable}
        busy={update.isPending}
        onConfirm={() => disabling && change(disabling, { disabled: true }, t.disabledDone)}
        onCancel={() => setDisabling(null)}
      />
      {resetting ? <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} /> : null}
    </div>
  );
}

function RoleOptions() {
  return <Choices options={STAFF_ROLES.map((role) => ({ value: role, label: t.roles[role] }))} />;
}

function NewUserCard() {
  const create = useAtomValue(createUserAtom);
  const [form, setForm] = useState({ name: "", email: "", role: "manager" as StaffRole, password: "" });
  const { problem, check } = useFormCheck(create);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!check(staffForm(t.errors), form)) return;
    create.mutate(form, {
      onSuccess: () => {
        setForm({ name: "", email: "", role: "manager", password: "" });
        notify.success(t.created);
      },
    });
  }

  return (
    <Card>
      <CardHeader title={t.addTitle} />
      <form onSubmit={submit} className="grid gap-4 px-5 py-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t.name} htmlFor="user-name">
          <input id="user-name" required autoComplete="off" className={inputClass} value={form.name} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label={t.email} htmlFor="user-email">
          <input id="user-email" type="email" required autoComplete="off" className={inputClass} value={form.email} onChange={(e) => set({ email: e.target.value })} />
        </Field>
        <Field label={t.role} htmlFor="user-role">
          <select id="user-role" className={inputClass} value={form.role} onChange={(e) => set({ role: e.target.value as StaffRole })}>
            <RoleOptions />
          </select>
        </Field>
        <PasswordField id="user-password" label={t.password} hint={t.passwordHint} minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" value={form.password} onChange={(password) => set({ password })} />
        {problem || create.isError ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <Alert tone="error" role="alert">{problem ?? errorMessage(create.error, t.failed)}</Alert>
          </div>
        ) : null}
        <SubmitRow busy={create.isPending} label={t.create} busyLabel={t.creating} className="sm:col-span-2 lg:col-span-4" />
      </form>
    </Card>
  );
}

function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useAtomValue(updateUserAtom);
  const [password, setPassword] = useState("");
  const { problem, check } = useFormCheck(update);

  function submit() {
    if (!check(newPassword(t.errors, t.errors.passwordRequired), password)) return;
    update.mutate({ id: user.id, password }, closeWith(t.passwordReset, onClose));
  }

  return (
    <FormModal
      title={t.resetTitle(user.name)}
      description={t.resetDescription}
      size="sm"
      submitLabel={t.save}
      mutation={update}
      failed={t.failed}
      error={problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <PasswordField id="reset-password" label={t.newPassword} hint={t.passwordHint} minLength={PASSWORD_MIN_LENGTH} autoComplete="new-password" autoFocus value={password} onChange={setPassword} />
    </FormModal>
  );
}
