import { type ComponentType, useEffect, useState } from 'react';
import type { QuestionType } from '../../contract/poll.ts';
import { Loading } from '../components/ui/loading.tsx';
import { ChoiceField } from './choice/choice-field.tsx';
import type { PhoneFieldProps } from './phone-field-props.ts';

type PhoneField = ComponentType<PhoneFieldProps>;

/**
 * Each type's phone field. The fields of types a poll of choices never needs are their own
 * chunks, so such a poll stays within the phone's byte budget (scripts/check-budget.ts). A page
 * server-rendered with one must hydrate the same markup, so the field is there before React
 * runs: the server build provides them all at once (entry-server.tsx through
 * phone-fields-all.ts), the browser loads the ones a poll needs before hydrating (main.tsx). A
 * question of such a type added live loads its field on demand.
 */
const phoneFields: Record<
  QuestionType,
  { field: PhoneField } | { load: () => Promise<PhoneField> }
> = {
  single: { field: ChoiceField },
  multiple: { field: ChoiceField },
  yesno: { field: ChoiceField },
  text: { load: () => import('./text/text-field.tsx').then((m) => m.TextField) },
  scale: { load: () => import('./scale/scale-field.tsx').then((m) => m.ScaleField) },
  ranking: { load: () => import('./ranking/ranking-field.tsx').then((m) => m.RankingField) },
  number: { load: () => import('./number/number-field.tsx').then((m) => m.NumberField) },
};

const loaded = new Map<QuestionType, PhoneField>();

/** The server build's fields, every one at once (entry-server.tsx). */
export function provideFields(fields: Partial<Record<QuestionType, PhoneField>>): void {
  for (const [type, field] of Object.entries(fields)) loaded.set(type as QuestionType, field);
}

function fieldOf(type: QuestionType): PhoneField | undefined {
  const entry = phoneFields[type];
  return 'field' in entry ? entry.field : loaded.get(type);
}

async function loadField(type: QuestionType): Promise<void> {
  const entry = phoneFields[type];
  if ('load' in entry && !loaded.has(type)) loaded.set(type, await entry.load());
}

/** Loads the lazy fields a poll's questions need (the browser's step before hydrating). */
export async function loadFieldsFor(poll: unknown): Promise<void> {
  const questions = (poll as { questions?: { type?: string }[] } | undefined)?.questions ?? [];
  const types = new Set(questions.map((q) => q.type).filter((t) => !!t && t in phoneFields));
  await Promise.all([...types].map((type) => loadField(type as QuestionType)));
}

/** One question's phone field, by its type; a lazy one shows 'Cargando' while it loads. */
export function PhoneQuestionField(props: PhoneFieldProps) {
  const type = props.question.type;
  const [field, setField] = useState(() => fieldOf(type));
  const current = fieldOf(type) ?? field;
  useEffect(() => {
    // A lost chunk is asked for again when the page next renders this.
    if (!current) loadField(type).then(() => setField(() => fieldOf(type)), Boolean);
  }, [current, type]);
  const Field = current;
  return Field ? <Field {...props} /> : <Loading />;
}
