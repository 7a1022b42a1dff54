import { Link } from "react-router";
import { it } from "../../i18n/it";

const links = [
  { label: it.layout.nav.events, href: "/#eventi", internal: false },
  { label: it.layout.nav.myBookings, href: "/le-mie-prenotazioni", internal: true },
  { label: it.layout.nav.contacts, href: "#contatti", internal: false },
  { label: it.layout.nav.admin, href: "/admin", internal: true },
] as const;

export function NavLinks({ onNavigate, className }: { onNavigate?: () => void; className: string }) {
  return links.map((l) =>
    l.internal ? (
      <Link key={l.href} to={l.href} onClick={onNavigate} className={className}>
        {l.label}
      </Link>
    ) : (
      <a key={l.href} href={l.href} onClick={onNavigate} className={className}>
        {l.label}
      </a>
    ),
  );
}
