import { Navigate, useParams } from 'react-router';
import { scopeOfSecret } from '../../../contract/cohost-secret.ts';
import { Loading } from '../../components/ui/loading.tsx';
import {
  LinkElsewhere,
  LinkGuard,
  ModerationPanel,
} from '../../features/cohosts/components/link-access.tsx';
import { ManageLinksDialog } from '../../features/cohosts/components/manage-links-dialog.tsx';
import { HomeworkCard } from '../../features/homework/components/homework-card.tsx';
import { AccessRequired, PollNotFound } from '../../features/host/components/access-screens.tsx';
import { HostPanel } from '../../features/host/components/host-panel.tsx';
import { useHostAccess } from '../../features/host/host-session.tsx';
import { BlockedWordsCard } from '../../features/moderation/components/blocked-words-card.tsx';
import { TextModeration } from '../../features/moderation/components/text-moderation.tsx';
import { PollFileCard } from '../../features/poll-files/components/poll-file-card.tsx';
import { QaHostCard } from '../../features/qa/components/qa-host-card.tsx';
import { PlayersCard } from '../../features/quiz/components/host/players-card.tsx';
import { RoundsCard } from '../../features/rounds/components/rounds-card.tsx';
import { ShareCard } from '../../features/share/components/share-card.tsx';

function HostScreen({ slug }: { slug: string }) {
  const { secret, status, submit, forget, missing, checkingExists } = useHostAccess(slug);
  if (missing) return <PollNotFound />;
  if (checkingExists) return <Loading />;
  if (!secret) return <AccessRequired status={status} onSubmit={submit} />;
  // Issue 28: a co-host link opens only its part of the work.
  const scope = scopeOfSecret(secret);
  if (scope !== null) {
    return (
      <LinkGuard slug={slug} secret={secret} onForget={forget}>
        {scope === 'moderate' ? (
          <ModerationPanel
            slug={slug}
            secret={secret}
            audienceQuestions={(poll) => (
              <QaHostCard poll={poll} secret={secret} canDelete={false} />
            )}
            answers={(question) => (
              <TextModeration slug={slug} secret={secret} questionId={question.id} defaultOpen />
            )}
          />
        ) : (
          <LinkElsewhere slug={slug} scope={scope} />
        )}
      </LinkGuard>
    );
  }
  return (
    <HostPanel
      slug={slug}
      secret={secret}
      onForget={forget}
      share={<ShareCard slug={slug} />}
      coHosts={<ManageLinksDialog slug={slug} secret={secret} />}
      audienceQuestions={(poll) => <QaHostCard poll={poll} secret={secret} />}
      moderation={(question) => (
        <TextModeration slug={slug} secret={secret} questionId={question.id} />
      )}
      pollModeration={<BlockedWordsCard slug={slug} secret={secret} />}
      players={(poll) => <PlayersCard poll={poll} secret={secret} />}
      homework={(poll) => <HomeworkCard poll={poll} secret={secret} />}
      pollFile={<PollFileCard slug={slug} secret={secret} />}
      rounds={(poll) => <RoundsCard poll={poll} secret={secret} />}
    />
  );
}

export function HostRoute() {
  const { slug } = useParams();
  // Spec §2: no slug, no panel.
  if (!slug) return <Navigate to="/" replace />;
  // Keyed by slug so a duplicate's panel starts with its own stored code and state.
  return <HostScreen key={slug} slug={slug} />;
}
