import { type LucideIcon, MonitorPlay, UserRoundCheck, Zap } from 'lucide-react';
import { es } from '../../../i18n/es.ts';

const t = es.home;

export function HomeIntro() {
  return (
    <div className="grid gap-4">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
        {t.heroTitle}
      </h1>
      <p className="text-lg text-muted-foreground text-pretty">{t.heroLead}</p>
      <p className="text-muted-foreground text-pretty">{t.afterCreate}</p>
    </div>
  );
}

// Same order as es.home.features: instant, no registration, visual.
const featureIcons: readonly LucideIcon[] = [Zap, UserRoundCheck, MonitorPlay];

export function FeatureBlurbs() {
  return (
    <section aria-label={t.featuresLabel}>
      <ul className="grid gap-4 sm:grid-cols-3">
        {t.features.map((feature, index) => {
          const Icon = featureIcons[index] ?? Zap;
          return (
            <li key={feature.title} className="flex gap-3 rounded-xl border bg-card p-4">
              <div className="h-fit rounded-lg bg-secondary p-2 text-secondary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </div>
              <div className="grid gap-1">
                <h2 className="font-semibold">{feature.title}</h2>
                <p className="text-sm text-muted-foreground">{feature.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
