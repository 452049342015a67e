import { describe, expect, it } from 'vitest';
import type { Json } from './api-client.ts';
import { asFile, engines, fixture, setUpFilesApp } from './poll-files-harness.ts';

/** Issue 28: each format other tools write, with each line it leaves out. */
describe.each(engines)('poll file formats (%s)', (_engine, available, open) => {
  const t = setUpFilesApp(available, open);
  const { importFile, hostView, brief } = t;

  it.runIf(available)('Moodle GIFT: types mapped or skipped with their reason', async () => {
    const res = await importFile(asFile('moodle-quiz.gift'));
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('moodle-quiz');
    expect(res.body.skipped).toEqual([
      { line: 28, message: 'pregunta de respuesta corta: Sondeo no corrige respuestas escritas' },
      { line: 30, message: 'pregunta numérica: Sondeo no tiene preguntas de número' },
      { line: 32, message: 'pregunta de emparejar: Sondeo no la tiene' },
      { line: 40, message: 'sin bloque de respuestas { … }: es una descripción, no una pregunta' },
    ]);
    const poll = await hostView(res);
    expect(poll.settings.quiz).toBe(true);
    expect(brief(poll)).toEqual([
      {
        type: 'single',
        text: '¿Cuál es el planeta más grande del sistema solar?',
        options: ['*Júpiter', 'Saturno', 'Tierra', 'Marte'],
        time: 20,
      },
      { type: 'yesno', text: 'El Sol es una estrella.', options: ['*Sí', 'No'], time: 20 },
      { type: 'yesno', text: 'La Luna tiene luz propia.', options: ['Sí', '*No'], time: 20 },
      {
        type: 'single',
        text: '¿Qué símbolo cierra un bloque en GIFT: { o }?',
        options: ['*}', '{', '=', '#'],
        time: 20,
      },
      {
        type: 'multiple',
        text: '¿Qué planetas tienen anillos?',
        options: ['*Saturno', '*Urano', 'Mercurio', 'Venus'],
        time: 20,
      },
      { type: 'text', text: 'Explica con tus palabras qué es una órbita.', options: [], time: 20 },
      {
        type: 'single',
        text: '¿Qué gas abunda más en la atmósfera & la respiramos?',
        options: ['*Nitrógeno', 'Oxígeno', 'Dióxido de carbono'],
        time: 20,
      },
      {
        type: 'single',
        text: 'El agua hierve a _____ grados a nivel del mar.',
        options: ['50', '*100', '150'],
        time: 20,
      },
    ]);
    expect(res.body.imported).toBe(8);
  });

  it.runIf(available)(
    'Aiken: A) and A. options, ANSWER lines, missing or wrong answers reported',
    async () => {
      const res = await importFile(asFile('aiken-quiz.txt'));
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([
        { line: 15, message: 'falta la respuesta correcta' },
        { line: 24, message: 'la respuesta correcta E no es ninguna de las opciones' },
      ]);
      const poll = await hostView(res);
      expect(brief(poll)).toEqual([
        {
          type: 'single',
          text: '¿Cuál es la capital de Portugal?',
          options: ['Oporto', '*Lisboa', 'Coímbra', 'Faro'],
          time: 20,
        },
        {
          type: 'single',
          text: '¿Qué número es primo?',
          options: ['21', '27', '*29', '33'],
          time: 20,
        },
        {
          type: 'single',
          text: '¿Qué elemento químico tiene el símbolo O?',
          options: ['Oro', '*Oxígeno', 'Osmio'],
          time: 20,
        },
      ]);
    },
  );

  it.runIf(available)('CSV with ";", a header, quotes and every skipped-line case', async () => {
    const res = await importFile(asFile('preguntas-punto-y-coma.csv'));
    expect(res.status).toBe(201);
    expect(res.body.skipped).toEqual([
      { line: 8, message: 'la respuesta correcta «5» no es el número de ninguna respuesta' },
      { line: 9, message: 'falta el texto de la pregunta' },
      { line: 10, message: 'tipo de pregunta desconocido: «ordenar»' },
      { line: 11, message: 'el tiempo va de 5 a 300 segundos, o sin límite' },
    ]);
    const poll = await hostView(res);
    expect(brief(poll)).toEqual([
      {
        type: 'single',
        text: '¿Cuál es el océano más grande?',
        options: ['Atlántico', '*Pacífico', 'Índico', 'Ártico'],
        time: 30,
      },
      {
        type: 'multiple',
        text: '¿Qué son mamíferos? (elige "todas" las que lo sean)',
        options: ['*Delfín', 'Tiburón', '*Murciélago'],
        time: 20,
      },
      { type: 'scale', text: '¿Te gustó la actividad?', options: 10, time: 20 },
      { type: 'text', text: '¿Qué cambiarías de la clase?', options: [], time: 20 },
      { type: 'yesno', text: '¿Es el agua un compuesto?', options: ['*Sí', 'No'], time: 20 },
    ]);
  });

  it.runIf(available)(
    'CSV with "," and no header: question then options, * marks correct',
    async () => {
      const res = await importFile(asFile('preguntas-coma.csv'));
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([{ line: 3, message: 'faltan las opciones' }]);
      const poll = await hostView(res);
      expect(brief(poll).map((q: Json) => [q.type, q.options])).toEqual([
        ['single', ['Primavera', 'Verano', 'Otoño', 'Invierno']],
        ['multiple', ['*Python', '*JavaScript', 'Cobol']],
        ['single', ['Sí', 'No, nunca']],
      ]);
      expect(poll.questions[2].text).toBe('Una opción con "comillas"');
    },
  );

  it.runIf(available)('a CSV saved by Excel in Windows-1252 reads its accents', async () => {
    const latin1 = Buffer.from('¿Qué estación prefieres?;Otoño;Invierno\n', 'latin1');
    const res = await importFile({ file: latin1.toString('base64'), fileName: 'clase.csv' });
    expect(res.status).toBe(201);
    const poll = await hostView(res);
    expect(poll.questions[0].text).toBe('¿Qué estación prefieres?');
    expect(poll.questions[0].options.map((o: Json) => o.text)).toEqual(['Otoño', 'Invierno']);
  });

  it.runIf(available)(
    "Kahoot's template: header rows, times, indices; bad rows reported",
    async () => {
      const res = await importFile({ ...asFile('kahoot-quiz.xlsx'), format: 'auto' });
      expect(res.status).toBe(201);
      expect(res.body.skipped).toEqual([
        { line: 12, message: 'falta la respuesta correcta' },
        { line: 13, message: 'falta el texto de la pregunta' },
        { line: 14, message: 'la respuesta correcta 3 está vacía' },
        { line: 15, message: 'la opción no puede exceder 120 caracteres' },
      ]);
      const poll = await hostView(res);
      expect(poll.settings.quiz).toBe(true);
      expect(brief(poll)).toEqual([
        {
          type: 'single',
          text: '¿Quién pintó la Mona Lisa?',
          options: ['*Leonardo da Vinci', 'Miguel Ángel', 'Rafael', 'Donatello'],
          time: 20,
        },
        {
          type: 'multiple',
          text: '¿Cuáles son números primos?',
          options: ['*2', '4', '*7', '9'],
          time: 30,
        },
        {
          type: 'single',
          text: '¿Cuál es el símbolo químico del hierro?',
          options: ['*Fe', 'Hi'],
          time: 5,
        },
        {
          type: 'single',
          text: '¿Cuál es el océano más profundo? <el de la fosa de las Marianas>',
          options: ['*Pacífico', 'Atlántico', 'Índico', 'Ártico'],
          time: 120,
        },
      ]);
    },
  );

  it.runIf(available)("'Pegar preguntas': the plain format with its prefixes", async () => {
    const res = await importFile({
      text: fixture('pegar-preguntas.txt').toString('utf8'),
      title: 'Clase del lunes',
    });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Clase del lunes');
    expect(res.body.skipped).toEqual([
      {
        line: 17,
        message:
          'faltan las opciones (escribe «Abierta:» delante de una pregunta de respuesta libre)',
      },
      { line: 25, message: 'la respuesta correcta D no es ninguna de las opciones' },
    ]);
    const poll = await hostView(res);
    expect(brief(poll)).toEqual([
      {
        type: 'single',
        text: '¿Cuál es el planeta más grande?',
        options: ['Marte', '*Júpiter', 'Venus'],
        time: 20,
      },
      {
        type: 'multiple',
        text: '¿Qué lenguajes se ejecutan en el navegador?',
        options: ['*JavaScript', '*WebAssembly', 'COBOL'],
        time: 20,
      },
      { type: 'yesno', text: '¿Has usado Sondeo antes?', options: ['Sí', 'No'], time: 20 },
      { type: 'scale', text: '¿Cuánto te ha gustado la clase?', options: 5, time: 20 },
      { type: 'text', text: '¿Qué cambiarías de la clase?', options: [], time: 20 },
      {
        type: 'single',
        text: '¿Cuál es la capital de Francia?',
        options: ['Lyon', '*París', 'Marsella'],
        time: 30,
      },
    ]);
  });

  it.runIf(available)('a poll without right answers nor times is no quiz', async () => {
    const res = await importFile({ text: '¿Café o té?\n- Café\n- Té\n\nAbierta: ¿Por qué?' });
    expect(res.status).toBe(201);
    const poll = await hostView(res);
    expect(poll.settings.quiz).toBe(false);
    expect(poll.questions.map((q: Json) => q.timeLimitSeconds)).toEqual([null, null]);
  });

  it.runIf(available)('CSV: the other lines a header row can refuse', async () => {
    const csv = [
      'Pregunta,Tipo,Respuesta 1,Respuesta 2,Tiempo,Correctas',
      '¿Bien?,única,a,b,20,1',
      '¿Dos?,,a,b,,1.2',
      '¿Tiempo?,única,a,b,medio minuto,1',
      '¿Sí o no?,sí/no,,,,quizá',
      '¿Escala?,escala 1-7,,,,',
      '¿Letra?,única,a,b,,C',
      `${'x'.repeat(241)},única,a,b,,`,
    ].join('\r\n');
    const res = await importFile({ text: csv, format: 'csv' });
    expect(res.status).toBe(201);
    expect(res.body.imported).toBe(2);
    expect(res.body.skipped).toEqual([
      { line: 4, message: 'el tiempo «medio minuto» no es un número de segundos' },
      { line: 5, message: 'la respuesta correcta «quizá» no es Sí ni No' },
      { line: 6, message: 'la escala va de 1 a 5 o de 1 a 10' },
      { line: 7, message: 'la respuesta correcta «C» no es el número de ninguna respuesta' },
      { line: 8, message: 'la pregunta no puede exceder 240 caracteres' },
    ]);
    // '1,3' that a Spanish Excel saved as the number 1.3: answers 1 and 3 (here 1 and 2).
    const poll = await hostView(res);
    expect(brief(poll)[1]).toMatchObject({ type: 'multiple', options: ['*a', '*b'] });
  });
});
