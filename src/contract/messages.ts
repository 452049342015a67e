/** Validation messages shared by the server's schemas and the web forms (Spanish, spec §5). */
export const validationMessages = {
  titleRequired: 'El título de la encuesta es obligatorio',
  titleTooLong: 'El título no puede exceder 120 caracteres',
  questionRequired: 'El texto de la pregunta es obligatorio',
  questionTooLong: 'La pregunta no puede exceder 240 caracteres',
  optionRequired: 'El texto de la opción es obligatorio',
  optionTooLong: 'La opción no puede exceder 120 caracteres',
  optionsRequired: 'Agrega al menos una opción',
  answersRequired: 'Responde al menos una pregunta',
  nothingToUpdate: 'No hay cambios que guardar',
  controlCharacters: 'El texto no puede contener caracteres de control',
  bidiControls: 'El texto no puede contener caracteres que cambian la dirección de la escritura',
  invalidCharacters: 'El texto contiene caracteres no válidos',
  combiningMarks: 'El texto tiene demasiados acentos o signos combinados seguidos',
} as const;
