import { esPollFiles as t } from '../../../i18n/es-poll-files.ts';

/** The plain format of 'Pegar preguntas', with an example a teacher (or a chatbot) can copy. */
export function PlainFormatHelp() {
  return (
    <details className="min-w-0 rounded-lg border p-3 text-sm">
      <summary className="cursor-pointer font-medium">{t.formatTitle}</summary>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
        {t.formatRules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <pre className="mt-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">
        {t.formatExample}
      </pre>
      <p className="mt-2 text-muted-foreground">{t.chatbotHint}</p>
    </details>
  );
}
