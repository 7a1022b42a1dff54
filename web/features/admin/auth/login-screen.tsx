import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { it } from "../../../i18n/it";
import { itAdmin } from "../../../i18n/it-admin";
import { errorMessage } from "../../../lib/api";
import { Button, ErrorNote, inputClass, labelClass } from "../components/ui";
import { loginAtom } from "../queries";

const t = itAdmin.login;

/** Shown on every /admin* route until the session cookie is there. */
export function LoginScreen() {
  const login = useAtomValue(loginAtom);
  const [password, setPassword] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return;
    login.mutate(password, { onSuccess: () => setPassword("") });
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-xl font-bold text-white" aria-hidden="true">
            P
          </div>
          <p className="text-sm font-medium text-slate-600">{it.common.appName}</p>
        </div>
        <form onSubmit={submit} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 className="text-xl font-semibold text-slate-900">{t.title}</h1>
          <p className="mt-1 text-sm text-slate-600">{t.subtitle}</p>
          <div className="mt-5">
            <label htmlFor="admin-password" className={labelClass}>
              {t.password}
            </label>
            <input
              id="admin-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              required
              className={inputClass}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={login.isError || undefined}
              aria-describedby={login.isError ? "admin-login-error" : undefined}
            />
          </div>
          {login.isError ? (
            <div id="admin-login-error" className="mt-3">
              <ErrorNote>{errorMessage(login.error, t.failed)}</ErrorNote>
            </div>
          ) : null}
          <Button type="submit" className="mt-5 w-full" disabled={login.isPending || !password}>
            {login.isPending ? t.submitting : t.submit}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link to="/" className="text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
            ← {t.backToSite}
          </Link>
        </p>
      </div>
    </main>
  );
}
