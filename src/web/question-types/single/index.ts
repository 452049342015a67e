import { choiceTraits } from '../choice/traits.ts';

/** 'Opción única': the host's options, one chosen. */
export const single = choiceTraits('one', 'authored');
