import { CreatePollForm } from '../../features/create-poll/components/create-poll-form.tsx';
import { FeatureBlurbs, HomeIntro } from '../../features/create-poll/components/home-intro.tsx';
import { JoinForm } from '../../features/join/components/join-form.tsx';
import { MyPolls } from '../../features/my-polls/components/my-polls.tsx';
import { CreateFromFile } from '../../features/poll-files/components/poll-file-card.tsx';

export function HomeRoute() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:py-12">
      <div className="grid items-center gap-8 lg:grid-cols-[minmax(0,1fr)_28rem] lg:gap-12">
        <div className="grid min-w-0 gap-8">
          <HomeIntro />
          <JoinForm />
        </div>
        <div className="grid min-w-0 gap-3">
          <CreatePollForm />
          <CreateFromFile />
        </div>
      </div>
      <MyPolls />
      <FeatureBlurbs />
    </div>
  );
}
