import { AppLink } from "../app-link";
import { EnvelopeIcon, FacebookIcon, InstagramIcon, LockIcon, MapPinIcon, PhoneIcon, TikTokIcon } from "../icons";
import { useLang, useT } from "../../i18n/lang";
import { Brand } from "./brand";
import { SITE_FOOTER_ID } from "./site-footer-id";
import { garage } from "../../../shared/garage";
import { DEFAULT_LANG } from "../../../shared/lang";

const social = [
  { key: "facebook", href: garage.social.facebook, Icon: FacebookIcon },
  { key: "instagram", href: garage.social.instagram, Icon: InstagramIcon },
  { key: "tiktok", href: garage.social.tiktok, Icon: TikTokIcon },
] as const;

export function SiteFooter() {
  const tr = useT();
  const lang = useLang();
  const f = tr.layout.footer;
  return (
    <footer id={SITE_FOOTER_ID} className="scroll-mt-20 bg-slate-950 pb-24 text-slate-300 sm:pb-0">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-1">
          <Brand inverted />
          <p className="mt-4 text-sm leading-6 text-slate-400">{f.about}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{f.contactsTitle}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={garage.phoneHref} className="flex items-center gap-2 hover:text-white">
                <PhoneIcon className="size-4 text-blue-400" />
                <span className="sr-only">{f.phone}: </span>
                {garage.phoneDisplay}
              </a>
            </li>
            <li>
              <a href={`mailto:${garage.email}`} className="flex items-center gap-2 hover:text-white">
                <EnvelopeIcon className="size-4 text-blue-400" />
                <span className="sr-only">{f.email}: </span>
                {garage.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPinIcon className="mt-0.5 size-4 shrink-0 text-blue-400" />
              <span>
                <span className="sr-only">{f.address}: </span>
                {garage.address}
              </span>
            </li>
            <li className="text-slate-400">{f.hours}</li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{f.linksTitle}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a href={lang === DEFAULT_LANG ? "/#eventi" : `/?lang=${lang}#eventi`} className="hover:text-white">
                {tr.layout.nav.events}
              </a>
            </li>
            <li>
              <AppLink to="/le-mie-prenotazioni" className="hover:text-white">
                {tr.layout.nav.myBookings}
              </AppLink>
            </li>
            <li>
              <AppLink to="/admin" className="hover:text-white">
                {tr.layout.nav.admin}
              </AppLink>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{f.followTitle}</h2>
          <ul className="mt-4 flex gap-3">
            {social.map(({ key, href, Icon }) => (
              <li key={key}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={tr.layout.social[key]}
                  className="grid size-10 place-items-center rounded-full bg-slate-800 text-slate-200 transition hover:bg-blue-600 hover:text-white"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-400">
            <LockIcon className="size-4" />
            {f.payments}
          </p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {garage.name} · {tr.common.city}. {f.rights}
        </p>
      </div>
    </footer>
  );
}
