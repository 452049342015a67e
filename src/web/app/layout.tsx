import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppToaster } from '../components/app-toaster.tsx';
import type { AppLinkProps, Navigation } from '../lib/navigation.tsx';
import { NavigationProvider } from '../lib/navigation.tsx';
import { Shell } from './shell.tsx';

/** Inside the full app, links move without a reload. */
function RouterLink(props: AppLinkProps) {
  return <Link {...props} />;
}

export function Layout() {
  const { pathname } = useLocation();
  const navigation: Navigation = { pathname, Link: RouterLink };
  return (
    <NavigationProvider value={navigation}>
      <Shell toaster={<AppToaster />}>
        <Outlet />
        {/* A new screen starts at its top (creating a poll on a phone left the panel scrolled
            to where the form's button was); back and forward return to where one was. */}
        <ScrollRestoration />
      </Shell>
    </NavigationProvider>
  );
}
