import { NumberField } from './number/number-field.tsx';
import { RankingField } from './ranking/ranking-field.tsx';
import { ScaleField } from './scale/scale-field.tsx';
import { TextField } from './text/text-field.tsx';

/** The lazy phone fields, all at once, for the server build (entry-server.tsx). */
export const lazyPhoneFields = {
  text: TextField,
  scale: ScaleField,
  ranking: RankingField,
  number: NumberField,
};
