/** The host's editor strings of 'Ordenar' and 'Número' (issue 26); es.ts includes them. */
export const esTypeEditor = {
  rankingNote:
    'Cada participante ordena las opciones de la primera a la última; le llegan desordenadas.',
  rankingQuizHint:
    'En el concurso, el orden en que escribes las opciones es el orden correcto: puntúa cada opción en su sitio.',
  rankingOptionsRequired: 'Escribe entre 2 y 10 opciones',
  numberMin: 'Mínimo',
  numberMax: 'Máximo',
  numberDecimals: 'Decimales',
  decimalsOption: (n: number) =>
    n === 0 ? 'Sin decimales' : n === 1 ? '1 decimal' : `${n} decimales`,
  numberUnit: 'Unidad (opcional)',
  numberUnitPlaceholder: 'años, km, €',
  numberNote:
    'Cada participante escribe un número dentro del rango; los resultados se muestran como histograma con la mediana.',
  correctValue: 'Valor correcto',
  tolerance: 'Margen (±)',
  toleranceNote:
    'Puntuación completa dentro del margen; baja hasta 0 a 4 veces el margen de distancia.',
  numberQuizHint: 'En el concurso, puntúa la cercanía al valor correcto.',
  rangeInvalid: 'Escribe un mínimo menor que el máximo',
  numberInvalid: (field: string) => `Revisa «${field}»: escribe un número`,
  correctMissing: 'Escribe el valor correcto',
  /** A saved number question's settings: 'De 0 a 100 · 1 decimal · km'. */
  numberSummary: (min: string, max: string, decimals: number, unit: string | null) =>
    [
      `De ${min} a ${max}`,
      decimals === 0 ? 'sin decimales' : decimals === 1 ? '1 decimal' : `${decimals} decimales`,
      unit,
    ]
      .filter(Boolean)
      .join(' · '),
  correctSummary: (value: string, tolerance: string) => `Correcta: ${value} ± ${tolerance}`,
  editNumber: 'Editar rango',
  saveNumber: 'Guardar rango',
  numberUpdated: 'Rango actualizado',
} as const;
