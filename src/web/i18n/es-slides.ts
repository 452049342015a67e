/**
 * The strings of the projected slides that always fit (presenter) and of the 'Más votada' mark
 * (presenter, results page): their own module, so merges stay easy and the phone bytes low.
 */
export const esSlides = {
  /** The leading option's visible mark: a word, not a trophy (a trophy says "right answer"). */
  mostVoted: 'Más votada',
  /** The same mark on each option of a tie at the top, read out as one tie. */
  mostVotedTie: 'Más votada (empate)',
  /** Which options a page of a paged slide shows. */
  optionPage: (first: number, last: number, total: number) =>
    `Opciones ${first}–${last} de ${total}`,
  previousOptions: 'Opciones anteriores',
  nextOptions: 'Opciones siguientes',
  keys: [
    {
      previousOptions: 'Opciones anteriores',
      nextOptions: 'Opciones siguientes',
      keys: ['↓', '↑'],
      action:
        'Página siguiente o anterior de las opciones que no caben en pantalla y de la lista de preguntas del público (pasan solas hasta que pulsas una de estas teclas)',
    },
  ],
} as const;
