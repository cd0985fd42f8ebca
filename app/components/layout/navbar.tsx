import { Link, NavLink } from "react-router";
import { SignOutButton } from "~/components/account/sign-out-button";
import { useNavigationAccount } from "~/components/account/use-account";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { company } from "~/content/company";
import { tools } from "~/content/tools";
import { MenuToggle } from "./menu-toggle";
import { MOBILE_MENU_ID } from "./mobile-menu";
import { useScrolledPast } from "./use-scrolled-past";

export const NAVBAR_FROST_THRESHOLD_PX = 50;

const accountLinkClass = "rounded-lg px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:bg-white/5 hover:text-white";

type NavbarProps = { menuOpen: boolean; onOpenMenu: () => void };

/** Fixed top bar: transparent at the top, frosted glass past 50px (spec §2, DESIGN.md). */
export function Navbar({ menuOpen, onOpenMenu }: NavbarProps) {
  const scrolled = useScrolledPast(NAVBAR_FROST_THRESHOLD_PX);
  const account = useNavigationAccount();
  return (
    <header
      data-scrolled={scrolled}
      className="fixed inset-x-0 top-0 z-40 border-b border-transparent transition-colors duration-300 data-[scrolled=true]:border-white/10 data-[scrolled=true]:bg-slate-950/75 data-[scrolled=true]:backdrop-blur-xl"
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-white">
          <span
            className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500"
            aria-hidden="true"
          >
            <Icon path={icons.sparkles} className="size-4 text-white" />
          </span>
          {company.productName}
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {tools.map((tool) => (
            <li key={tool.id}>
              <NavLink
                to={tool.path}
                prefetch="intent"
                className="rounded-lg px-2 py-2 text-sm font-medium text-slate-300 transition-colors lg:px-3 hover:bg-white/5 hover:text-white aria-[current=page]:bg-white/10 aria-[current=page]:text-white"
              >
                {tool.navLabel}
              </NavLink>
            </li>
          ))}
          {/* From lg: between md and lg the row has no room, and 'Get Started' leads to the plans. */}
          <li className="hidden lg:block">
            <NavLink
              to="/pricing"
              prefetch="intent"
              className="rounded-lg px-2 py-2 text-sm font-medium text-slate-300 transition-colors lg:px-3 hover:bg-white/5 hover:text-white aria-[current=page]:bg-white/10 aria-[current=page]:text-white"
            >
              Pricing
            </NavLink>
          </li>
        </ul>
        <div className="flex items-center gap-2">
          {account ? (
            <div className="hidden items-center gap-1 md:flex">
              {account.email ? (
                <span className="max-w-[12rem] truncate px-2 text-sm text-slate-300" title={account.email}>
                  <span className="sr-only">Signed in as </span>
                  {account.email}
                </span>
              ) : null}
              <Link to="/dashboard" className={accountLinkClass}>
                Dashboard
              </Link>
              <SignOutButton className={accountLinkClass} />
            </div>
          ) : (
            <>
              <Link to="/sign-in" className={`hidden md:inline-flex ${accountLinkClass}`}>
                Sign in
              </Link>
              <Link
                to="/pricing"
                className="hidden rounded-lg bg-gradient-to-r from-violet-600 to-fuchsia-600 px-4 py-2 text-sm font-semibold text-white shadow-lg shadow-violet-900/30 transition hover:brightness-110 md:inline-flex"
              >
                Get Started
              </Link>
            </>
          )}
          {/* A link to the menu's anchor: it opens the menu through :target without JavaScript. */}
          <MenuToggle
            href={`#${MOBILE_MENU_ID}`}
            aria-controls={MOBILE_MENU_ID}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            icon={icons.menu}
            label="Open menu"
            onActivate={onOpenMenu}
            className="md:hidden"
          />
        </div>
      </nav>
    </header>
  );
}
