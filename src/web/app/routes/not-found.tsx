import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { es } from '../../i18n/es.ts';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
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
          <Button variant="outline" onClick={() => navigate(-1)}>
            <ArrowLeft aria-hidden="true" />
            {es.notFound.goBack}
          </Button>
        </div>
      }
    />
  );
}
