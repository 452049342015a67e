import { zipStream } from '../../src/server/http/export/zip-stream.ts';

export type Cell = string | number | null | { inline: string };

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => String.fromCharCode(65 + i);

/**
 * A workbook as Excel and Google Sheets write one (shared strings, numbers as numbers, a
 * workbook naming its sheet through a relationship), built with the app's own zip writer: the
 * Kahoot template fixtures and the zip-bomb tests.
 */
export async function xlsxOf(rows: Cell[][], extra: { name: string; content: string[] }[] = []) {
  const strings: string[] = [];
  const index = (s: string) => {
    const at = strings.indexOf(s);
    if (at >= 0) return at;
    strings.push(s);
    return strings.length - 1;
  };
  const rowsXml = rows
    .map((cells, r) => {
      const xml = cells
        .map((cell, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          if (typeof cell === 'object') {
            return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.inline)}</t></is></c>`;
          }
          return `<c r="${ref}" s="1" t="s"><v>${index(cell)}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}" spans="1:8">${xml}</row>`;
    })
    .join('');
  const parts = [
    {
      name: '[Content_Types].xml',
      content: [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ],
    },
    {
      name: '_rels/.rels',
      content: [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ],
    },
    {
      name: 'xl/workbook.xml',
      content: [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId3"/></sheets></workbook>',
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols><col min="2" max="2" width="60"/></cols><sheetData>${rowsXml}</sheetData></worksheet>`,
      ],
    },
    {
      name: 'xl/sharedStrings.xml',
      content: [
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join('')}</sst>`,
      ],
    },
    ...extra,
  ];
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(parts)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const H = 'Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs';

/** Kahoot's template: its instruction rows, its header on row 8, questions from row 9. */
export const KAHOOT_ROWS: Cell[][] = [
  [null, 'Quiz template'],
  [
    null,
    'Add questions, at least two answer alternatives, time limit and choose correct answers (at least one). Have fun creating your awesome quiz!',
  ],
  [
    null,
    'Remember: questions have a limit of 120 characters and answers can have 75 characters max. Text will turn red in Excel or Google Docs if you exceed this limit. If several answers are correct, separate them with a comma.',
  ],
  [
    null,
    "See an example question below (don't forget to overwrite this with your first question!)",
  ],
  [
    null,
    "And remember,  if you're not using Excel you need to export to .xlsx format before you upload to Kahoot!",
  ],
  [],
  [],
  [
    null,
    'Question - max 120 characters',
    'Answer 1 - max 75 characters',
    'Answer 2 - max 75 characters',
    'Answer 3 - max 75 characters',
    'Answer 4 - max 75 characters',
    H,
    'Correct answer(s) - choose at least one',
  ],
  [
    1,
    '¿Quién pintó la Mona Lisa?',
    'Leonardo da Vinci',
    'Miguel Ángel',
    'Rafael',
    'Donatello',
    20,
    1,
  ],
  [2, '¿Cuáles son números primos?', 2, 4, 7, 9, 30, '1,3'],
  [3, '¿Cuál es el símbolo químico del hierro?', 'Fe', 'Hi', null, null, 5, 1],
  [4, '¿Cuántos continentes hay?', 5, 6, 7, 8, 240, null],
  [5, null, 'Sí', 'No', null, null, 20, 1],
  [6, '¿Cuál es la capital de Italia?', 'Roma', 'Milán', null, null, 60, 3],
  [7, '¿Qué respuesta es demasiado larga?', 'Corta', 'x'.repeat(130), null, null, 10, 1],
  [
    8,
    { inline: '¿Cuál es el océano más profundo? <el de la fosa de las Marianas>' },
    'Pacífico',
    'Atlántico',
    'Índico',
    'Ártico',
    120,
    1,
  ],
];
