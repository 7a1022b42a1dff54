import { AppLink } from "../app-link";
import { useLang, useT } from "../../i18n/lang";
import { DEFAULT_LANG } from "../../../shared/lang";

export function NavLinks({ onNavigate, className }: { onNavigate?: () => void; className: string }) {
  const tr = useT();
  // A full page load of the home: the link keeps the language the visitor chose.
  const lang = useLang();
  const home = lang === DEFAULT_LANG ? "/#eventi" : `/?lang=${lang}#eventi`;
  const links = [
    { label: tr.layout.nav.events, href: home, internal: false },
    { label: tr.layout.nav.myBookings, href: "/le-mie-prenotazioni", internal: true },
    { label: tr.layout.nav.contacts, href: "#contatti", internal: false },
    { label: tr.layout.nav.admin, href: "/admin", internal: true },
  ];
  return links.map((l) =>
    l.internal ? (
      <AppLink key={l.href} to={l.href} onClick={onNavigate} className={className}>
        {l.label}
      </AppLink>
    ) : (
      <a key={l.href} href={l.href} onClick={onNavigate} className={className}>
        {l.label}
      </a>
    ),
  );
}
