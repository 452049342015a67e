/**
 * Spanish profanity and slurs that hide an open answer from every public screen until the host
 * shows it (issues 13, 17, 19). Source: written by hand for Sondeo from common usage in Spain and
 * Latin America, not copied from any published list; licence CC0 1.0 (public domain dedication).
 *
 * Only strong words: mild insults ('tonto', 'idiota') are held on doubt (doubt-es.ts), and the
 * host can hide any answer or word, or block words of their own for a poll. Words vulgar in one
 * country and everyday in another are not here alone ('coger' to take, 'concha' a shell, 'polla'
 * a hen, 'perra' a female dog, 'zorra' a vixen, 'pinche' a kitchen hand, 'cipote' a child,
 * 'boludo'/'huevón' friendly address): held on doubt or left out, and flagged in the phrases
 * that make them insults ('hijo de perra', 'concha de tu madre', 'sos una gonorrea'); so are
 * words with an innocent everyday meaning ('gonorrea', 'HP').
 * 'Jodido' is in (issue 17): in a classroom answer it is the vulgar word, not "hard".
 *
 * Left out, innocent in a class (issue 24): 'retrasado' (delayed), 'anormal', 'autista', 'cojo',
 * 'manco', 'moro', 'gitano', 'judío', 'negro', 'chino', 'indio', 'mojado' ('espalda mojada' is a
 * wet back too), 'panchito' (Francisco), 'gringo', 'gabacho', 'cholo', 'cabro' (a kid in Chile),
 * 'pija' (posh in Spain), 'chimba' (great in Colombia), 'forro' (a book cover), 'paja' (straw),
 * 'pito' (a whistle), 'bicho' (a bug), 'cuca', 'chucha', 'concha' (given names), 'golfo' (a gulf),
 * 'loca', 'pato', 'mono', 'rata', 'basura', 'escoria', 'cerda', 'vaca', 'foca', 'gorda'; and
 * 'culear', 'singar' (their forms fold like 'cuyes', guinea pigs, and 'cingaleses'), 'maketo'
 * (a 'maqueta', a scale model), 'lpm' (beats per minute). Held, not hidden: 'sorete' ('sorbete'
 * is a letter away), 'mayate' (a beetle in Mexico), 'mongoloide' (an old anthropology term).
 *
 * Matched after folding (fold.ts, matcher.ts): case, accents, look-alike letters, digits and
 * symbols for letters, masks, sound-alike spellings, repeated and inserted letters, and letters
 * split by dots, spaces or dashes, so each entry needs one spelling. A plural in -s or -es is
 * matched from its singular.
 */
const list = (text: string): readonly string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

/** Whole words; phrases are written with spaces and match typed together or apart. The last
 *  line is English a class types (and a projector shows) as it is; not 'faggot', which folds
 *  like 'fagot', a bassoon (nicknames refuse it: nickname-lists.ts). */
export const PROFANITY_ES: readonly string[] = list(`
  putita, putito, putón, putona, putada, putañero, furcia
  hijo de puta, hijo de perra, hija de perra, hijo de zorra, hija de zorra, hijo de la chingada
  hdp, hdpm, hdlgp, ptm, ctm, ctmr, csm, lpqtp, jdp, hpta, mrd, pndj, ql
  mierda, mierdero, me cago en, reputa madre
  conyo, jodón, jodienda, coñazo
  gilipollez, verga, vergazo, vergota, vergón, pendejada, chingatumadre, chingadera
  culiao, singao, ojete, mamahuevo, mamaguevo, carechimba, caraechimba, caremonda
  tomar por culo, dar por culo, den por culo
  puñeta, cojones, trolo, maraco, marico, bujarra
  retrasado mental, retrasada mental
  me la suda, me la pela, me la sopla, me la chupas, chúpamela, cómemela, mámamela
  eres una gonorrea, sos una gonorrea, eres un gonorrea, sos un gonorrea
  concha de tu madre, conchatumadre, concha tu madre, concha de su madre, conchesumadre
  conchetumare, conchatumare, concha de la lora
  suicídate, suicídense, mátate, mátense, ahórcate, ahórquense
  muérete, muéranse, pégate un tiro, tírate por un puente, tírate de un puente
  tírate por la ventana, córtate las venas, ojalá te mueras, vete a morir
  fuck, fucking, fuck you, motherfucker, bitch, son of a bitch, nigger, nigga, cunt
`);

/**
 * Insults by their dictionary form (issue 24): every form a class types is built from each by
 * inflect.ts (g: both genders, diminutives, augmentatives; n: the word alone; c: a compound in
 * -s and its singular; v: a verb's forms). By theme, Spain and Latin America alike.
 */
export const PROFANITY_LEMMAS_ES: readonly string[] = list(`
  puto:g, putero:g, zorrupia:n, calientapollas:c
  cabrón:g, pendejo:g, culero:g, mamón:g, pajero:g, pajillero:g, puñetero:g, jodido:g, chingado:g
  pelotudo:g, cojudo:g, culiado:g, culeado:g, singado:g, pirobo:g, mierdoso:g, coño:n
  hijoputa:g, hijueputa:g, jueputa:n, hideputa:n, malparido:g, malnacido:g
  gilipollas:c, soplapollas:c, chupapollas:c, comepollas:c, mamapollas:c, lamepollas:c
  tontopollas:c, chupavergas:c, mamavergas:c, chupapijas:c, chupaculos:c, lameculos:c
  mamahuevos:c, comemierda:n, tocacojones:c
  maricón:g, marica:g, joto:n, travelo:n, mariposón:n, tortillera:n, bollera:n, bujarrón:g
  sudaca:n, negrata:n, moraco:g, sidoso:g
  subnormal:n, mongólico:g, mogólico:g, mongolo:n
  joder:v, follar:v, chingar:v, putear:v, follador:g
`);

/** Beginnings of words whose every continuation is the insult ('gilipollez', 'jodidos'). */
export const PROFANITY_STEMS_ES: readonly string[] = list(`
  gilipoll, cabron, mierd, pendej, chingad, chingon, malparid, maricon, pelotud, jodid, putead
  hijoput, hijueput, comemierd, soplapoll, chupapoll, mamahuev, putañer, puñeter, mariconaz
  malnacid, chupaverg, mamaverg, comepoll, mamapoll, lamepoll, calientapoll, tontopoll
`);

/** Words caught even glued inside a longer word that is not Spanish ('tuputamadre'). Since
 *  issue 24 the matcher reads every strong word glued, when the rest of the word reads as a
 *  sentence around it (glue-es.ts); this list stays as the test of glued forms. */
export const PROFANITY_GLUED_ES: readonly string[] = list(`
  puta, puto, mierda, cabron, gilipoll, pendej, maricon, coño, joder, jodid, chingad, verga
  hijoputa, malparid, malnacid, pelotud, subnormal, sudaca, negrata, cojones, mamon, puñeta
  follar, soplapollas, chupapollas, tontopoll, chupaverga, carechimba
  hijo de puta, me la suda, me la pela, me la sopla, me cago en, concha de tu madre
`);
