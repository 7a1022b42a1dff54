import { forwardRef, type AnchorHTMLAttributes } from "react";
import { useHref, useLinkClickHandler, type To } from "react-router";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: To; replace?: boolean };

/**
 * An in-app link: react-router's own href and click handling (modifier keys, new tabs, same-page
 * clicks) without `<Link>`'s framework-mode prefetching, whose code the home's first load would carry.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, replace, onClick, target, ...rest }, ref) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
});
