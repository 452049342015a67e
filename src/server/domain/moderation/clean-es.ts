/**
 * Spanish words that fold like a listed insult (fold.ts) and must never be flagged: found by
 * running the matcher over a Spanish word list of ~636,000 forms and reading what it caught.
 * CC0 1.0, like profanity-es.ts. Tested both ways in profanity.test.ts.
 */
const list = (text: string): readonly string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Whole words, compared as typed (lower case, accents off); their plurals too. */
export const CLEAN_WORDS_ES: readonly string[] = list(`
  bolera, boleras, verja, verjas
  cuyo, cuya, cuyos, cuyas, pola, polas, godo, goda, godos, godas, boyera, boyeras
  cuyero, cuyeros, cogones, bastardilla, bastardillas, matraco, matracos, cullera, culleras
  mamoncillo, mamoncillos
  mariquita, pailero
`);

/** Stems of Spanish words that hold a glued entry of profanity-es.ts ('comput' holds 'puta'). */
export const CLEAN_CONTAINING_ES: readonly string[] = list(`
  comput, disput, reput, diput, imput, amput, putativ, esput, suput
  culebr, objet, folgad, puñetaz, perifoll, cachifoll, alberg, enverg, bergant, bergam
  repanching, converj, diverj, chamberg, bergad, bergar, volv
  bolet, cambr, culter, malpart, esfol, algod, cigot, zigot, pagod, escull, ceboll, jojot
`);
