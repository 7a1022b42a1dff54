import { useAtomValue } from "jotai";
import { useState, type FormEvent } from "react";
import { itGate } from "../../i18n/it-gate";
import { errorMessage } from "../../lib/api";
import { loginAtom } from "../admin/queries";

const t = itGate.login;
const field = "block w-full rounded-xl border-2 border-slate-500 bg-white px-4 py-3 text-lg text-slate-950 focus:border-white focus:outline-4 focus:outline-white";

/** The gate's own sign-in: staff of any role, in the gate's dark, large style (no "admin" in sight). */
export function GateLogin({ offline }: { offline: boolean }) {
  const login = useAtomValue(loginAtom);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: () => setPassword("") });
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-950 p-4 text-white">
      <form onSubmit={submit} className="w-full max-w-sm space-y-5">
        <div>
          <h1 className="text-3xl font-black">{t.title}</h1>
          <p className="mt-2 text-lg text-slate-200">{t.subtitle}</p>
        </div>
        {offline ? (
          <p role="status" className="rounded-xl bg-amber-300 p-3 text-base font-bold text-slate-950">
            {t.offline}
          </p>
        ) : null}
        <div>
          <label htmlFor="gate-email" className="mb-1 block text-base font-bold">
            {t.email}
          </label>
          <input id="gate-email" type="email" autoComplete="username" required className={field} value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div>
          <label htmlFor="gate-password" className="mb-1 block text-base font-bold">
            {t.password}
          </label>
          <input
            id="gate-password"
            type="password"
            autoComplete="current-password"
            required
            className={field}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {login.isError ? (
          <p role="alert" className="rounded-xl bg-red-900 p-3 text-base font-bold text-white">
            {errorMessage(login.error, t.failed)}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={login.isPending || !email.trim() || !password}
          className="min-h-16 w-full rounded-2xl bg-white text-2xl font-black text-slate-950 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-white disabled:bg-slate-400"
        >
          {login.isPending ? t.submitting : t.submit}
        </button>
      </form>
    </main>
  );
}
