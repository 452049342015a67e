import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

export type AppLinkProps = {
  to: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page';
};

/** A plain link: a full page load, which the participant pages want (each is server-rendered). */
function PlainLink({ to, children, ...rest }: AppLinkProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

export type Navigation = { pathname: string; Link: ComponentType<AppLinkProps> };

/**
 * Shared components (the header, a screen's "see results" link) link through this instead of
 * importing React Router: the full app provides the router's Link (moves without reloading), while
 * the participant pages render without the router, whose ~30 KB gzip a phone would otherwise
 * download to show one form.
 */
const NavigationContext = createContext<Navigation>({ pathname: '/', Link: PlainLink });

export const NavigationProvider = NavigationContext.Provider;

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}

export function plainNavigation(pathname: string): Navigation {
  return { pathname, Link: PlainLink };
}

export function AppLink(props: AppLinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}
