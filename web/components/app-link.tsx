import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { createPath, resolvePath, useAppHref, useAppLocation, useAppNavigate, type To } from "../app/app-location";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: To; replace?: boolean };

/** The browser's own job: another button, a modifier key (new tab/window, download) or another target. */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return event.button !== 0 || (target !== undefined && target !== "_self") || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * An in-app link: `<Link>`'s href and click rules (modifier keys and other targets left to the
 * browser, a click on the current page replacing it) on the app's own location (app/app-location.tsx),
 * so the home's links carry none of react-router.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, replace, onClick, target, ...rest }, ref) {
  const href = useAppHref(to);
  const navigate = useAppNavigate();
  const location = useAppLocation();
  const path = resolvePath(to, location);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leftToBrowser(event, target)) return;
        event.preventDefault();
        navigate(to, { replace: replace ?? createPath(location) === createPath(path) });
      }}
    />
  );
});

type AppNavLinkProps = Omit<AppLinkProps, "className"> & {
  /** Active only on the exact path, not on the paths below it. */
  end?: boolean;
  /** A string gets "active" appended while active, as with react-router's `<NavLink>`. */
  className?: string | ((state: { isActive: boolean }) => string);
};

/**
 * `<NavLink>`'s active rule on an AppLink: active when the location is the link's path or (without
 * `end`) a path below it, case-insensitively; then `aria-current="page"` and the active class.
 */
export const AppNavLink = forwardRef<HTMLAnchorElement, AppNavLinkProps>(function AppNavLink({ to, end = false, className = "", "aria-current": current = "page", ...rest }, ref) {
  const location = useAppLocation();
  const toPathname = resolvePath(to, location).pathname.toLowerCase();
  const pathname = location.pathname.toLowerCase();
  const slashAt = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive = pathname === toPathname || (!end && pathname.startsWith(toPathname) && pathname.charAt(slashAt) === "/");
  return (
    <AppLink
      {...rest}
      aria-current={isActive ? current : undefined}
      ref={ref}
      to={to}
      className={typeof className === "function" ? className({ isActive }) : [className, isActive ? "active" : null].filter(Boolean).join(" ")}
    />
  );
});
