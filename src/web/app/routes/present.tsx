import { Navigate, useParams } from 'react-router';
import { Loading } from '../../components/ui/loading.tsx';
import { LinkGuard } from '../../features/cohosts/components/link-access.tsx';
import { AccessRequired, PollNotFound } from '../../features/host/components/access-screens.tsx';
import { useHostAccess } from '../../features/host/host-session.tsx';
import { PresenterScreen } from '../../features/presenter/components/presenter-screen.tsx';
import { QaSlide } from '../../features/qa/components/qa-slide.tsx';
import { QuizStage } from '../../features/quiz/components/stage/quiz-stage.tsx';
import { ProjectorRounds } from '../../features/rounds/components/projector-rounds.tsx';

/** The presenter view asks for the presenter code exactly as the host panel does. */
function PresentScreen({ slug }: { slug: string }) {
  const { secret, status, submit, forget, missing, checkingExists } = useHostAccess(slug);
  if (missing || checkingExists) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        {missing ? <PollNotFound /> : <Loading />}
      </div>
    );
  }
  if (!secret) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <AccessRequired status={status} onSubmit={submit} />
      </div>
    );
  }
  return (
    // Issue 28: a presenting link's holder learns at once when it was revoked.
    <LinkGuard slug={slug} secret={secret} onForget={forget}>
      {/* Issue 27: 'Comparar' over the slides once a round is archived. */}
      <ProjectorRounds slug={slug} secret={secret}>
        <PresenterScreen
          slug={slug}
          secret={secret}
          onForget={forget}
          audienceQuestions={(poll, paging) => <QaSlide poll={poll} {...paging} />}
          quiz={(props) => (
            <QuizStage key={props.questionId} slug={slug} secret={secret} {...props} />
          )}
        />
      </ProjectorRounds>
    </LinkGuard>
  );
}

export function PresentRoute() {
  const { slug } = useParams();
  if (!slug) return <Navigate to="/" replace />;
  return <PresentScreen key={slug} slug={slug} />;
}
