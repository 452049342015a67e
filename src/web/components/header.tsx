import { BarChart3, House, LayoutDashboard } from 'lucide-react';
import { Link, NavLink, useMatch } from 'react-router';
import { es } from '../i18n/es.ts';
import { cn } from '../lib/cn.ts';
import { buttonVariants } from './ui/button.tsx';

function useKnownSlug(): string | undefined {
  const host = useMatch('/host/:slug');
  const vote = useMatch('/p/:slug');
  const results = useMatch('/r/:slug');
  return (host ?? vote ?? results)?.params.slug;
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-muted');

export function Header() {
  const slug = useKnownSlug();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-primary"
        >
          <BarChart3 className="size-6" aria-hidden="true" />
          {es.brand}
        </Link>
        <nav aria-label={es.nav.mainLabel} className="flex items-center gap-1">
          <NavLink to="/" end className={navClass}>
            <House aria-hidden="true" />
            <span className="max-sm:sr-only">{es.nav.home}</span>
          </NavLink>
          {slug ? (
            <>
              <NavLink to={`/host/${slug}`} className={navClass}>
                <LayoutDashboard aria-hidden="true" />
                <span className="max-sm:sr-only">{es.nav.panel}</span>
              </NavLink>
              <NavLink to={`/r/${slug}`} className={navClass}>
                <BarChart3 aria-hidden="true" />
                <span className="max-sm:sr-only">{es.nav.results}</span>
              </NavLink>
            </>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
