import { useCallback, useLayoutEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Footer } from "./footer";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";
import { Navbar } from "./navbar";

/** Navbar, mobile menu, the routed page and the footer (spec §2 'Shared layout'). */
export function SiteLayout({ children }: { children: ReactNode }) {
  // Any navigation (a link, Back) closes the menu. Adjusted while rendering rather than reset in
  // an effect: a mount effect would close a menu opened by a click that lands during hydration.
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
  }
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // A tap before hydration opened the menu through its #mobile-menu anchor (:target). Once
  // hydrated the menu follows state only, so take it over, before the first hydrated paint.
  useLayoutEffect(() => {
    if (window.location.hash !== `#${MOBILE_MENU_ID}`) return;
    // oxlint-disable-next-line react/set-state-in-effect -- the pre-hydration menu is taken over once, before the first hydrated paint
    setMenuOpen(true);
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }, []);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Navbar menuOpen={menuOpen} onOpenMenu={openMenu} />
      <MobileMenu open={menuOpen} onClose={closeMenu} />
      <main id="main" tabIndex={-1} className="min-h-[70vh] outline-none">
        {children}
      </main>
      <Footer />
    </>
  );
}
