import { AppShell, Burger, Group } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** The small screens' header, with the menu button; from Mantine's `sm` breakpoint (48em, 768 px) up there is none. */
const HEADER_HEIGHT = 52;

export interface ResponsiveShellProps {
  navWidth: number;
  /** The navigation's contents. */
  nav: ReactNode;
  /** What the small-screen header shows beside the menu button (the tenant's logo). */
  brand: ReactNode;
  /** The navigation element's id (the menu button controls it). */
  navId: string;
  /** The main area is exactly the screen's height and scrolls inside (the chat), instead of growing with the page. */
  fullHeight?: boolean;
  children: ReactNode;
}

/**
 * The dashboard's and the admin console's frame: AppShell with the navigation beside the page on
 * wide screens, and on small ones a header with a menu button opening it as a drawer over the
 * page. On small screens (global.css, `.responsive-shell`) the closed drawer, and the page under
 * the open one, are hidden from focus and screen readers. Escape or going to another page closes
 * it, and focus goes back to the menu button.
 */
export function ResponsiveShell({ navWidth, nav, brand, navId, fullHeight = false, children }: ResponsiveShellProps) {
  const { t } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  const [shownPath, setShownPath] = useState(pathname);
  const burger = useRef<HTMLButtonElement>(null);
  const navbar = useRef<HTMLDivElement>(null);

  // Going to another page (a link, or the app navigating) closes it (state adjusted while rendering, not in an effect).
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpened(false);
  }

  // Focus inside the drawer as it is hidden would fall to the page's body: back to the menu button.
  useLayoutEffect(() => {
    if (!opened && navbar.current?.contains(document.activeElement)) burger.current?.focus();
  }, [opened]);

  return (
    <AppShell
      className="responsive-shell"
      data-drawer={opened ? 'open' : 'closed'}
      header={{ height: { base: HEADER_HEIGHT, sm: 0 } }}
      navbar={{ width: navWidth, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
      onKeyDown={(e) => {
        if (opened && e.key === 'Escape') setOpened(false);
      }}
    >
      <AppShell.Header hiddenFrom="sm" px="sm">
        <Group h="100%" gap="sm" wrap="nowrap">
          <Burger
            ref={burger}
            opened={opened}
            onClick={() => setOpened((o) => !o)}
            size="sm"
            transitionDuration={200}
            aria-label={t('menu')}
            aria-expanded={opened}
            aria-controls={navId}
            data-testid="menu-button"
          />
          {brand}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        ref={navbar}
        id={navId}
        className="responsive-shell-nav"
        bg="gray.0"
        aria-label={t('navigation')}
        // A link followed in the drawer closes it, also the one to the page already open.
        onClick={(e) => {
          if (e.target instanceof Element && e.target.closest('a')) setOpened(false);
        }}
      >
        {nav}
      </AppShell.Navbar>
      <AppShell.Main className="responsive-shell-main" h={fullHeight ? '100dvh' : undefined} display={fullHeight ? 'flex' : undefined} style={fullHeight ? { flexDirection: 'column' } : undefined}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
