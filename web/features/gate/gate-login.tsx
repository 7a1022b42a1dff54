import { Button } from "../../components/button";
import { itGate } from "../../i18n/it-gate";
import { errorMessage } from "../../lib/api";
import { useLoginForm } from "../../entities/staff/use-login-form";

const t = itGate.login;
const field = "block w-full rounded-xl border-2 border-slate-500 bg-white px-4 py-3 text-lg text-slate-950 focus:border-white focus:outline-4 focus:outline-white";

/** The gate's own sign-in: staff of any role, in the gate's dark, large style (no "admin" in sight). */
export function GateLogin({ offline }: { offline: boolean }) {
  const { login, email, setEmail, password, setPassword, ready, submit } = useLoginForm();

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
        <GateField id="gate-email" label={t.email} type="email" autoComplete="username" value={email} onChange={setEmail} />
        <GateField id="gate-password" label={t.password} type="password" autoComplete="current-password" value={password} onChange={setPassword} />
        {login.isError ? (
          <p role="alert" className="rounded-xl bg-red-900 p-3 text-base font-bold text-white">
            {errorMessage(login.error, t.failed)}
          </p>
        ) : null}
        <Button type="submit" variant="light" size="xl" className="w-full" disabled={login.isPending || !ready}>
          {login.isPending ? t.submitting : t.submit}
        </Button>
      </form>
    </main>
  );
}

function GateField({ id, label, type, autoComplete, value, onChange }: { id: string; label: string; type: "email" | "password"; autoComplete: string; value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-base font-bold">
        {label}
      </label>
      <input id={id} type={type} autoComplete={autoComplete} required className={field} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
