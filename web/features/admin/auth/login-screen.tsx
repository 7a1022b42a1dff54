import { Alert } from "../../../components/alert";
import { AppLink } from "../../../components/app-link";
import { Button } from "../../../components/button";
import { cardClass } from "../../../components/card";
import { Field, inputClass } from "../../../components/field";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { PasswordField } from "../components/password-field";
import { useLoginForm } from "../../../entities/staff/use-login-form";

const t = itAdmin.login;

/** Shown on every /admin* route until the session cookie is there. */
export function LoginScreen() {
  const { login, email, setEmail, password, setPassword, ready, submit } = useLoginForm();
  const invalid = { "aria-invalid": login.isError || undefined, "aria-describedby": login.isError ? "admin-login-error" : undefined };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-xl bg-blue-600 text-xl font-bold text-white" aria-hidden="true">
            P
          </div>
          <p className="text-sm font-medium text-slate-600">{it.common.appName}</p>
        </div>
        <form onSubmit={submit} className={`${cardClass} p-6`}>
          <h1 className="text-xl font-semibold text-slate-900">{t.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{t.subtitle}</p>
          <div className="mt-5 space-y-4">
            <Field label={t.email} htmlFor="admin-email">
              <input id="admin-email" type="email" autoComplete="username" autoFocus required className={inputClass} value={email} onChange={(e) => setEmail(e.target.value)} {...invalid} />
            </Field>
            <PasswordField id="admin-password" label={t.password} autoComplete="current-password" value={password} onChange={setPassword} {...invalid} />
          </div>
          {login.isError ? (
            <div id="admin-login-error" className="mt-3">
              <Alert tone="error" role="alert">{errorMessage(login.error, t.failed)}</Alert>
            </div>
          ) : null}
          <Button type="submit" className="mt-5 w-full" disabled={login.isPending || !ready}>
            {login.isPending ? t.submitting : t.submit}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <AppLink to="/" className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
            ← {itAdmin.backToSite}
          </AppLink>
        </p>
      </div>
    </main>
  );
}
