import { it } from "../../i18n/it";

export function AdminRoutes() {
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="text-2xl font-bold">{it.common.appName}</h1>
    </main>
  );
}
