import { esCore as es } from '../i18n/es-core.ts';
import { cn } from '../lib/cn.ts';
import { AppLink, useNavigation } from '../lib/navigation.tsx';
import { useHostSecrets } from '../lib/storage.ts';
import { buttonVariants } from './ui/button.tsx';
import { BarChart3, House, type IconComponent, LayoutDashboard, ListChecks } from './ui/icons.tsx';

/** The poll of /host/{slug}, /p/{slug} or /r/{slug}. */
export function knownSlug(pathname: string): string | undefined {
  const match = /^\/(?:host|p|r)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

function NavItem({ to, icon: Icon, label }: { to: string; icon: IconComponent; label: string }) {
  const { pathname } = useNavigation();
  const active = pathname === to || pathname === `${to}/`;
  return (
    <AppLink
      to={to}
      className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), active && 'bg-muted')}
      aria-current={active ? 'page' : undefined}
    >
      <Icon aria-hidden="true" />
      <span className="max-sm:sr-only">{label}</span>
    </AppLink>
  );
}

export function Header() {
  const slug = knownSlug(useNavigation().pathname);
  const encoded = slug === undefined ? undefined : encodeURIComponent(slug);
  // Issue 17: 'Panel' only for a browser holding this poll's code (a participant's led to
  // 'Acceso requerido'); 'Mis encuestas' once it holds any.
  const secrets = useHostSecrets() ?? {};
  const hosting = slug !== undefined && slug in secrets;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
        <AppLink
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-primary"
        >
          <BarChart3 className="size-6" aria-hidden="true" />
          {es.brand}
        </AppLink>
        <nav aria-label={es.nav.mainLabel} className="flex items-center gap-1">
          <NavItem to="/" icon={House} label={es.nav.home} />
          {Object.keys(secrets).length > 0 ? (
            <NavItem to="/#mis-encuestas" icon={ListChecks} label={es.nav.myPolls} />
          ) : null}
          {encoded && hosting ? (
            <NavItem to={`/host/${encoded}`} icon={LayoutDashboard} label={es.nav.panel} />
          ) : null}
          {encoded ? (
            <NavItem to={`/r/${encoded}`} icon={BarChart3} label={es.nav.results} />
          ) : null}
        </nav>
      </div>
    </header>
  );
}
