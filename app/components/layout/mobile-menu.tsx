import { useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import { SignOutButton } from "~/components/account/sign-out-button";
import { useNavigationAccount } from "~/components/account/use-account";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { tools } from "~/content/tools";
import { ToolIcon } from "~/components/ui/tool-icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MenuToggle } from "./menu-toggle";

export const MOBILE_MENU_ID = "mobile-menu";

const menuSecondaryClass =
  "inline-flex justify-center rounded-xl border border-white/15 px-4 py-3 font-semibold text-slate-100 hover:bg-white/5";

type MobileMenuProps = { open: boolean; onClose: () => void };

/**
 * The slide-in menu below `md` (spec §2): from the right, titled 'Menu', the six tools entering
 * 0.1s apart, closing on a link, the close button, Escape or a click outside. Focus moves into it
 * and returns to the opener. Without JavaScript (and until hydration) the opener's #mobile-menu
 * anchor shows it through :target; hydrated, only `open` does, so the close controls always work.
 */
export function MobileMenu({ open, onClose }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const account = useNavigationAccount();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
      if (event.key === "Tab") keepFocusInside(panelRef.current, event);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      opener?.focus();
    };
  }, [open, onClose]);

  return (
    <div
      id={MOBILE_MENU_ID}
      data-open={open}
      data-hydrated={hydrated || undefined}
      className="mobile-menu invisible fixed inset-0 z-50 md:hidden"
    >
      {/* Without JavaScript the backdrop is a link back to the page; with it, a click closes. */}
      <a
        href="#"
        tabIndex={-1}
        aria-hidden="true"
        onClick={(event) => {
          event.preventDefault();
          onClose();
        }}
        className="mobile-menu-backdrop absolute inset-0 bg-slate-950/70 opacity-0 backdrop-blur-sm transition-opacity duration-300"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="mobile-menu-title"
        className="mobile-menu-panel absolute inset-y-0 right-0 flex w-80 max-w-[85vw] translate-x-full flex-col gap-6 border-l border-white/10 bg-slate-900 p-6 shadow-2xl transition-transform duration-[450ms] ease-out"
      >
        <div className="flex items-center justify-between">
          <h2 id="mobile-menu-title" className="text-lg font-semibold text-white">
            Menu
          </h2>
          <MenuToggle href="#" data-autofocus icon={icons.x} label="Close menu" onActivate={onClose} />
        </div>
        <ul className="flex flex-col gap-1">
          {tools.map((tool, index) => (
            <li
              key={tool.id}
              className="mobile-menu-item translate-x-6 opacity-0 transition duration-300"
              style={{ "--stagger-index": index } as React.CSSProperties}
            >
              <NavLink
                to={tool.path}
                onClick={onClose}
                className="flex items-center gap-3 rounded-xl px-3 py-3 font-medium text-slate-200 hover:bg-white/5 aria-[current=page]:bg-white/10 aria-[current=page]:text-white"
              >
                <ToolIcon tool={tool} size="sm" />
                {tool.name}
              </NavLink>
            </li>
          ))}
          <li
            className="mobile-menu-item translate-x-6 opacity-0 transition duration-300"
            style={{ "--stagger-index": tools.length } as React.CSSProperties}
          >
            <NavLink
              to="/pricing"
              onClick={onClose}
              className="flex items-center gap-3 rounded-xl px-3 py-3 font-medium text-slate-200 hover:bg-white/5 aria-[current=page]:bg-white/10 aria-[current=page]:text-white"
            >
              <span
                className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500"
                aria-hidden="true"
              >
                <Icon path={icons.creditCard} className="size-4 text-white" />
              </span>
              Pricing
            </NavLink>
          </li>
        </ul>
        <div className="mt-auto grid gap-2">
          {account ? (
            <>
              {account.email ? (
                <p className="truncate text-sm text-slate-400" title={account.email}>
                  Signed in as <span className="text-slate-200">{account.email}</span>
                </p>
              ) : null}
              <Link to="/dashboard" onClick={onClose} className={menuSecondaryClass}>
                Dashboard
              </Link>
              <SignOutButton className={`w-full ${menuSecondaryClass}`} />
            </>
          ) : (
            <>
              <Link to="/sign-in" onClick={onClose} className={menuSecondaryClass}>
                Sign in
              </Link>
              <Link
                to="/pricing"
                onClick={onClose}
                className="inline-flex justify-center rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-4 py-3 font-semibold text-white"
              >
                Get Started
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function keepFocusInside(container: HTMLElement | null, event: KeyboardEvent): void {
  if (!container) return;
  const focusable = container.querySelectorAll<HTMLElement>("a[href], button:not([disabled])");
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
