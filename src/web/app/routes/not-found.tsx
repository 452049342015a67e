import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { es } from '../../i18n/es.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(es.notFound.title);
  // React Router numbers this tab's entries from 0: at 0 there is nothing of ours to go back to
  // (a link opened in a new tab), and history.back() would leave for about:blank.
  const hasHistory = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <EmptyState
      icon={SearchX}
      level={1}
      title={es.notFound.title}
      description={es.notFound.description(pathname)}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/" className={buttonVariants()}>
            {es.notFound.goHome}
          </Link>
          <Button variant="outline" onClick={() => (hasHistory ? navigate(-1) : navigate('/'))}>
            <ArrowLeft aria-hidden="true" />
            {es.notFound.goBack}
          </Button>
        </div>
      }
    />
  );
}
