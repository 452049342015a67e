/**
 * What may stand glued to an insult in one word for the insult to count (issue 24): a class
 * types a sentence without spaces ('eresunaputa', 'tuputamadre', 'jajajamierdaxd'), but a place
 * name or a Spanish word with an insult inside ('Villaputas', 'Mamonal') is no sentence. So the
 * rest of the word must read as words a sentence puts around an insult: before it, the little
 * words that introduce a noun or an adjective; after it, an ending of the insult's own (plural,
 * gender, size) and then laughter, chat words or another insult, with the little words only
 * between them (a sentence does not end on 'al' or 'de'). Listed strong insults count on both
 * sides; the words held on doubt are never read glued ('es-teta', 'a-polla' are Spanish).
 * Written by hand for Sondeo, CC0 1.0 like profanity-es.ts; matched as skeletons (fold.ts).
 */
const list = (text: string): readonly string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Articles, pronouns, possessives, copulas, prepositions, intensifiers, interjections. */
export const GLUE_BEFORE_ES: readonly string[] = list(`
  el, la, lo, los, las, un, una, uno, unos, unas, este, esta, estos, estas, ese, esa, esos, esas
  aquel, aquella, menudo, menuda, vaya, pedazo, cacho, tremendo, tremenda, flor de, grandisimo
  tu, tus, su, sus, mi, mis, vuestro, vuestra, nuestro, nuestra, ti, vos, usted, ustedes
  yo, tú, el, ella, ellos, ellas, eres, es, sos, soy, son, sois, somos, estas, esta, estoy, sea
  que, q, k, ke, qué, muy, mas, más, tan, tanto, bien, super, requete, archi, mega, ultra
  hiper, recontra, remil, por, pa, para, con, de, del, y, o, ni, pero, ay, oye, hey, eh, anda
  vete, calla, cállate, ya, no, si, sí, te, me, se, le, les, nos, a, al, en, hijo, hija, hijos
  gran, grande, viejo, vieja, pinche, puto, puta, maldito, maldita, so, seras, serás, sera
  ja, je, ji, jo, js, jaja, jeje, jiji, jojo, haha, hehe, jsjs, lol, xd, xq, pq, porque, porq, asi
  así, ole, oh
`);

/** What may close a glued sentence after an insult: laughter, chat words, a vocative. */
export const GLUE_AFTER_ES: readonly string[] = list(`
  jaja, jeje, jiji, jojo, haha, hehe, jsjs, lol, xd, xdd, ok, ya, eh, tio, tia, wey, guey, bro
  loco, loca, madre, vieja, viejo, total
`);

/** Words that may stand between the insult and a closing word, never last ('de mierda');
 *  a single 'ja' neither: 'follaje' is foliage. */
export const GLUE_BETWEEN_ES: readonly string[] = list(`
  ja, je, ji, jo, js
  de, del, que, q, k, ke, y, o, tu, su, mi, la, el, lo, los, las, te, me, se, a, al, en, con
  por, pa, para, ya, mas, muy, tan, un, una
`);

/** Endings an insult takes as one word: the plural ('putas'). Gender and size are forms of
 *  their own (inflect.ts): as endings they made Spanish words ('follón' a mess). */
export const GLUE_ENDINGS_ES: readonly string[] = list(`
  s, es
`);
