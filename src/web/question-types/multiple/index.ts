import { choiceTraits } from '../choice/traits.ts';

/** 'Opción múltiple': the host's options, as many chosen as the person likes. */
export const multiple = choiceTraits('many', 'authored');
