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
