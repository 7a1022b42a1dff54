import type { ReactNode } from "react";
import { PublicFrame } from "./public-frame";
import { SiteFooter } from "./site-footer";

/** Header, page, footer and the chat link: the frame of every public page (no chat link where one pays). */
export function PublicLayout({ children, chat = true }: { children: ReactNode; chat?: boolean }) {
  return (
    <PublicFrame footer={<SiteFooter />} chat={chat}>
      {children}
    </PublicFrame>
  );
}

/** A public page of one narrow column under its title: the pass, the season pass, a place in a waiting list. */
export function NarrowPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-md space-y-6 px-4 py-8">
        <h1 className="text-2xl font-black tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </PublicLayout>
  );
}
