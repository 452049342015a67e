/** Validation messages shared by the server's schemas and the web forms (Spanish, spec §5). */
export const validationMessages = {
  titleRequired: 'El título de la encuesta es obligatorio',
  titleTooLong: 'El título no puede exceder 120 caracteres',
  questionRequired: 'El texto de la pregunta es obligatorio',
  questionTooLong: 'La pregunta no puede exceder 240 caracteres',
  optionRequired: 'El texto de la opción es obligatorio',
  optionTooLong: 'La opción no puede exceder 120 caracteres',
  explanationTooLong: 'La explicación no puede exceder 500 caracteres',
  optionsRequired: 'Agrega al menos una opción',
  answersRequired: 'Responde al menos una pregunta',
  nothingToUpdate: 'No hay cambios que guardar',
  controlCharacters: 'El texto no puede contener caracteres de control',
  bidiControls: 'El texto no puede contener caracteres que cambian la dirección de la escritura',
  invalidCharacters: 'El texto contiene caracteres no válidos',
  combiningMarks: 'El texto tiene demasiados acentos o signos combinados seguidos',
  answerRequired: 'Escribe una respuesta',
  answerTooLong: 'La respuesta no puede exceder 140 caracteres',
  answerTooShort: 'La respuesta debe tener al menos 2 caracteres visibles',
  answerShape:
    'Cada respuesta lleva optionIds, text o value (o ranking), según el tipo de la pregunta',
  scaleRequired: 'Indica la escala de la pregunta: de 1 a 5 o de 1 a 10',
  scaleMax: 'La escala va de 1 a 5 o de 1 a 10',
  scaleLabelTooLong: 'La etiqueta de la escala no puede exceder 40 caracteres',
  scaleOnlyForScale: 'Solo las preguntas de escala llevan escala',
  optionsNotAllowed: 'Las preguntas de respuesta abierta y de escala no llevan opciones',
  scaleValue: 'El valor de la escala debe ser un número entero de 1 a 10',
  wordRequired: 'Indica la palabra',
  rankingOptions: 'Una pregunta de ordenar lleva de 2 a 10 opciones',
  rankingNoCorrect:
    'En una pregunta de ordenar no se marcan respuestas correctas: el orden escrito es el correcto',
  rankingShape: 'Ordena todas las opciones, cada una una sola vez',
  quizValueOnlyForNumber: 'Solo las preguntas de número llevan valor correcto y margen',
} as const;

/** Messages of the 'Número' question type (issue 26), shared by the server and the web forms. */
export const numberMessages = {
  required: 'Indica el rango de la pregunta: mínimo, máximo y decimales',
  onlyForNumber: 'Solo las preguntas de número llevan rango',
  optionsNotAllowed: 'Las preguntas de número no llevan opciones',
  bounds: 'El mínimo y el máximo deben ser números entre -1 billón y 1 billón',
  minBelowMax: 'El máximo debe ser mayor que el mínimo',
  boundsDecimals: 'El mínimo y el máximo no pueden tener más decimales que los indicados',
  decimals: 'Los decimales van de 0 a 3',
  unitTooLong: 'La unidad no puede exceder 12 caracteres',
  correctValue: 'El valor correcto debe ser un número',
  correctValueOutside:
    'El valor correcto debe estar dentro del rango y con los decimales indicados',
  tolerance: 'El margen debe ser un número igual o mayor que 0',
  answerValue: 'Escribe un número',
} as const;
