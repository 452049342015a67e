/** Poll files (issue 28): 'Exportar encuesta', 'Importar encuesta', 'Pegar preguntas'. */
export const esPollFiles = {
  card: 'Archivo de la encuesta',
  cardHelp:
    'Guarda las preguntas y los ajustes en un archivo para reutilizarlos, o crea otra encuesta desde un archivo.',
  export: 'Exportar encuesta',
  import: 'Importar encuesta',
  createFromFile: 'Crear desde archivo',
  createFromFileHelp: '¿Ya tienes las preguntas en Kahoot, Moodle o una hoja de cálculo?',
  dialogTitle: 'Importar encuesta',
  dialogDescription:
    'Se crea una encuesta nueva en borrador con las preguntas del archivo o del texto. Podrás revisarlas antes de abrirla.',
  fileTab: 'Desde un archivo',
  pasteTab: 'Pegar preguntas',
  fileLabel: 'Archivo',
  fileHelp:
    'Sondeo (.json), plantilla de Kahoot (.xlsx), Moodle GIFT o Aiken (.gift, .txt) y CSV (.csv, una pregunta por línea).',
  pasteLabel: 'Preguntas',
  pasteHelp:
    'Una pregunta por bloque, con una línea en blanco entre preguntas. Marca las respuestas correctas con *.',
  formatTitle: 'Formato del texto',
  formatRules: [
    'La primera línea es la pregunta; las siguientes, sus opciones (A), B)… o guiones).',
    'Un * delante de una opción la marca como correcta; con varias correctas, la pregunta es de opción múltiple.',
    'Otros tipos con un prefijo: «Sí/No:», «Abierta:», «Escala 1-5:» o «Escala 1-10:».',
    '«Tiempo: 30» da 30 segundos a la pregunta en un concurso.',
  ],
  formatExample: `¿Cuál es el planeta más grande?
A) Marte
*B) Júpiter
C) Venus

Sí/No: ¿Has usado Sondeo antes?

Escala 1-5: ¿Cuánto te ha gustado la clase?

Abierta: ¿Qué cambiarías?`,
  chatbotHint:
    'Puedes pedir a un asistente de IA que escriba las preguntas en este formato y pegarlas aquí.',
  titleLabel: 'Título (opcional)',
  titlePlaceholder: 'Se toma del archivo si lo dejas vacío',
  submit: 'Importar',
  importing: 'Importando…',
  chooseFile: 'Elige un archivo',
  pasteSomething: 'Pega al menos una pregunta',
  imported: (n: number) => `${n} ${n === 1 ? 'pregunta importada' : 'preguntas importadas'}`,
  importedToast: '¡Encuesta importada!',
  skippedTitle: (n: number) =>
    `${n} ${n === 1 ? 'línea no se importó' : 'líneas no se importaron'}:`,
  line: (line: number, message: string) =>
    line > 0 ? `Línea ${line}: ${message}` : message.charAt(0).toUpperCase() + message.slice(1),
  openPoll: 'Abrir la encuesta',
  failed: 'No se pudo importar',
  exported: 'Encuesta exportada',
} as const;
