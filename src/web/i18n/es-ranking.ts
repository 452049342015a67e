/**
 * The strings of the participant's 'Ordenar' field: their own module, loaded with that field
 * (its own chunk), so a poll without rankings does not carry them. es.ts includes them.
 */
export const esRanking = {
  hint: 'Ordena las opciones: la primera es la que más. Usa Subir y Bajar.',
  up: 'Subir',
  down: 'Bajar',
  top: 'Al principio',
  /** A button's name: 'Subir: Fotosíntesis'. */
  action: (action: string, option: string) => `${action}: ${option}`,
  /** Said after each move (a live region): 'Fotosíntesis, posición 2 de 5'. */
  moved: (option: string, place: number, count: number) =>
    `${option}, posición ${place} de ${count}`,
  keep: 'Dejar este orden',
  kept: 'Orden guardado para enviar.',
  place: (place: number) => `${place}.º`,
  // Results and projector.
  meanPlace: 'Puesto medio',
  /** '2,3 de media · 14 puntos'. */
  figures: (mean: string, points: number) =>
    `puesto medio ${mean} · ${points} ${points === 1 ? 'punto' : 'puntos'}`,
  pointsNote:
    'Ordenadas por su puesto medio. Cada puesto da puntos: el 1.º tantos como opciones, el último 1.',
  distribution: 'Distribución por puesto',
  distributionCaption: 'Cuántas personas pusieron cada opción en cada puesto',
  option: 'Opción',
} as const;
