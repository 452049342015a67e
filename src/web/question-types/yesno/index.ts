import { choiceTraits } from '../choice/traits.ts';

/** 'Sí / No': the server's two options, one chosen. */
export const yesno = choiceTraits('one', 'fixed');
