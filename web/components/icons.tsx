import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

// The one icon set of the app: outline icons in the Heroicons style (24×24), drawn inline so no
// icon font ships; the caller sizes them with a class. Unused icons are tree-shaken away.
export function Outline({ d, ...props }: Omit<IconProps, "d"> & { d: string | string[] }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      {(Array.isArray(d) ? d : [d]).map((p) => (
        <path key={p} d={p} />
      ))}
    </svg>
  );
}

export const ChevronDownIcon = (p: IconProps) => <Outline d="m19.5 8.25-7.5 7.5-7.5-7.5" {...p} />;
export const UserIcon = (p: IconProps) => (
  <Outline d="M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.501 20.118a7.5 7.5 0 0 1 14.998 0A17.933 17.933 0 0 1 12 21.75c-2.676 0-5.216-.584-7.499-1.632Z" {...p} />
);
export const CloseIcon = (p: IconProps) => <Outline d="M6 18 18 6M6 6l12 12" {...p} />;
export const MenuIcon = (p: IconProps) => <Outline d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" {...p} />;
export const ArrowLeftIcon = (p: IconProps) => <Outline d="M10.5 19.5 3 12m0 0 7.5-7.5M3 12h18" {...p} />;
export const CheckIcon = (p: IconProps) => <Outline d="m4.5 12.75 6 6 9-13.5" {...p} />;
export const PhoneIcon = (p: IconProps) => (
  <Outline
    d="M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 0 0 2.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 0 1-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 0 0-1.091-.852H4.5A2.25 2.25 0 0 0 2.25 4.5v2.25Z"
    {...p}
  />
);
export const CalendarIcon = (p: IconProps) => (
  <Outline
    d="M6.75 3v2.25M17.25 3v2.25M3 18.75V7.5a2.25 2.25 0 0 1 2.25-2.25h13.5A2.25 2.25 0 0 1 21 7.5v11.25m-18 0A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75m-18 0v-7.5A2.25 2.25 0 0 1 5.25 9h13.5A2.25 2.25 0 0 1 21 11.25v7.5"
    {...p}
  />
);
export const ClockIcon = (p: IconProps) => <Outline d="M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" {...p} />;
export const MapPinIcon = (p: IconProps) => (
  <Outline d={["M15 10.5a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z", "M19.5 10.5c0 7.142-7.5 11.25-7.5 11.25S4.5 17.642 4.5 10.5a7.5 7.5 0 1 1 15 0Z"]} {...p} />
);
export const CheckCircleIcon = (p: IconProps) => <Outline d="M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" {...p} />;
export const WarningIcon = (p: IconProps) => (
  <Outline
    d="M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z"
    {...p}
  />
);
export const PhotoIcon = (p: IconProps) => (
  <Outline
    d="m2.25 15.75 5.159-5.159a2.25 2.25 0 0 1 3.182 0l5.159 5.159m-1.5-1.5 1.409-1.409a2.25 2.25 0 0 1 3.182 0l2.909 2.909m-18 3.75h16.5a1.5 1.5 0 0 0 1.5-1.5V6a1.5 1.5 0 0 0-1.5-1.5H3.75A1.5 1.5 0 0 0 2.25 6v12a1.5 1.5 0 0 0 1.5 1.5Zm10.5-11.25h.008v.008h-.008V8.25Zm.375 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Z"
    {...p}
  />
);
export const TicketIcon = (p: IconProps) => (
  <Outline
    d="M16.5 6v.75m0 3v.75m0 3v.75m0 3V18m-9-5.25h5.25M7.5 15h3M3.375 5.25c-.621 0-1.125.504-1.125 1.125v3.026a2.999 2.999 0 0 1 0 5.198v3.026c0 .621.504 1.125 1.125 1.125h17.25c.621 0 1.125-.504 1.125-1.125v-3.026a2.999 2.999 0 0 1 0-5.198V6.375c0-.621-.504-1.125-1.125-1.125H3.375Z"
    {...p}
  />
);
export const LockIcon = (p: IconProps) => (
  <Outline
    d="M16.5 10.5V6.75a4.5 4.5 0 1 0-9 0v3.75m-.75 11.25h10.5a2.25 2.25 0 0 0 2.25-2.25v-6.75a2.25 2.25 0 0 0-2.25-2.25H6.75a2.25 2.25 0 0 0-2.25 2.25v6.75a2.25 2.25 0 0 0 2.25 2.25Z"
    {...p}
  />
);
export const EnvelopeIcon = (p: IconProps) => (
  <Outline
    d="M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0v.243a2.25 2.25 0 0 1-1.07 1.916l-7.5 4.615a2.25 2.25 0 0 1-2.36 0L3.32 8.91a2.25 2.25 0 0 1-1.07-1.916V6.75"
    {...p}
  />
);
export const CarIcon = (p: IconProps) => (
  <Outline
    d={[
      "M5 11.25 6.6 6.7A2 2 0 0 1 8.5 5.4h7a2 2 0 0 1 1.9 1.3l1.6 4.55",
      "M3.75 17.25v-4a2 2 0 0 1 1.25-2h14a2 2 0 0 1 1.25 2v4a.75.75 0 0 1-.75.75h-1.5v1.5H16.5V18h-9v1.5H6V18H4.5a.75.75 0 0 1-.75-.75Z",
      "M7.5 14.25h.01M16.5 14.25h.01",
    ]}
    {...p}
  />
);
export const RouteIcon = (p: IconProps) => (
  <Outline d={["M6 19.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM18 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z", "M7.5 18h8.25a3 3 0 0 0 0-6h-7.5a3 3 0 0 1 0-6H16.5"]} {...p} />
);
export function StarIcon(p: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" {...p}>
      <path d="M10.868 2.884c-.321-.772-1.415-.772-1.736 0l-1.83 4.401-4.753.381c-.833.067-1.171 1.107-.536 1.651l3.62 3.102-1.106 4.637c-.194.813.691 1.456 1.405 1.02L10 15.591l4.069 2.485c.713.436 1.598-.207 1.404-1.02l-1.106-4.637 3.62-3.102c.635-.544.297-1.584-.536-1.65l-4.752-.382-1.831-4.401Z" />
    </svg>
  );
}

export const InstagramIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="1" fill="currentColor" stroke="none" />
  </svg>
);
export const FacebookIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...p}>
    <path d="M13.5 21v-7.5H16l.4-3H13.5V8.6c0-.87.25-1.45 1.5-1.45h1.6V4.46A21 21 0 0 0 14.3 4.3c-2.3 0-3.8 1.4-3.8 3.95v2.25H8v3h2.5V21h3Z" />
  </svg>
);
export const TikTokIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...p}>
    <path d="M14 3.5v11a3.75 3.75 0 1 1-3.75-3.75" />
    <path d="M14 3.5c.4 2.6 2.4 4.6 5 4.9" />
  </svg>
);
export const ChatIcon = (p: IconProps) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round" aria-hidden="true" {...p}>
    <path d="M3.6 20.4 4.9 16.5A8.5 8.5 0 1 1 8 19.3Z" />
    <path
      d="M9.2 8.4c.2-.4.5-.4.7-.4h.4c.2 0 .3.1.4.3l.6 1.4c.1.2 0 .4-.1.6l-.4.5c-.1.1-.1.3 0 .4.5.9 1.2 1.6 2.1 2.1.1.1.3.1.4 0l.5-.4c.2-.1.4-.2.6-.1l1.4.6c.2.1.3.2.3.4v.4c0 .2 0 .5-.4.7-.5.3-1.3.5-2.3.1a7.6 7.6 0 0 1-4.1-4.1c-.4-1-.2-1.8.1-2.3Z"
      fill="currentColor"
      stroke="none"
    />
  </svg>
);
/** The share sheet's own sign (a box with an arrow out of it). */
export const ShareIcon = (p: IconProps) => <Outline d="M9 8.25H7.5a2.25 2.25 0 0 0-2.25 2.25v9a2.25 2.25 0 0 0 2.25 2.25h9a2.25 2.25 0 0 0 2.25-2.25v-9a2.25 2.25 0 0 0-2.25-2.25H15m0-3-3-3m0 0-3 3m3-3V15" {...p} />;
