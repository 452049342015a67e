import { inflections } from './inflect.ts';

/**
 * Words held for the host on doubt (issue 24), under the poll's 'Filtro estricto' (on by
 * default): mild insults, and words that are insults in a classroom answer though innocent
 * elsewhere ('zorra' a vixen, 'perra' a bitch, 'polla' a hen). A held answer waits for one
 * click of the host; a published one is on the wall. Source: written by hand for Sondeo, CC0 1.0
 * like profanity-es.ts. Classes after the colon: inflect.ts (g: both genders with diminutives and
 * augmentatives; n: the word alone; c: a compound in -s and its singular; v: a verb's forms).
 * Plurals are the matcher's.
 *
 * Left out because a class uses them innocently all the time: 'burro', 'cerdo', 'pollo',
 * 'concha', 'cola', 'coger', 'inútil', 'payaso', 'gordo', 'feo', 'mongol', 'retrasado',
 * 'baboso' (a slug), most of them held once addressed (DOUBT_ADDRESSED_ES); 'cagar', 'cagón', 'chocho',
 * whose sound-alikes are 'caja', 'cajón', 'xoxo'; 'lerdo' (Ciudad Lerdo, the Ley Lerdo),
 * 'memo', 'lelo', 'gil' (names), 'cateto' (a triangle's side), 'paleta' (a palette: 'paleto' is
 * held alone), 'mensa' (a table; 'menso' alone), 'torpe', 'bruto', 'melón', 'merluzo',
 * 'pardillo', 'nabo', 'sapo', 'salame', 'güey' (friendly address), 'pito' (a whistle).
 */
export const DOUBT_LEMMAS_ES: readonly string[] = `
  tonto:g, bobo:g, estúpido:g, capullo:g, cretino:g, tarado:g, pringado:g, descerebrado:g
  zopenco:g, mentecato:g, majadero:g, pazguato:g, cenutrio:g, ceporro:g, zonzo:g, otario:g
  palurdo:g, necio:g, gaznápiro:g, menso:n, paleto:n, patán:n, bobalicón:n, mequetrefe:n
  mamarracho:g, huevón:g, güevón:g, weón:g, boludo:g, aweonado:g, ahuevonado:g, conchudo:g
  gilipuertas:n, tontolaba:n, tontolculo:n, tontodelculo:n, tontainas:n, papanatas:n
  idiota:n, imbécil:n, zoquete:n, bocazas:n, pringao:n, tontaina:n, botarate:n, berzotas:n
  desgraciado:g, bastardo:g, cornudo:g, sinvergüenza:n, canalla:n, marimacho:n
  chupamedias:n, lambón:n, lambiscón:n, jalabolas:c, tocapelotas:c, tocahuevos:c
  rompepelotas:c, rompebolas:c, rompehuevos:c, naco:n, naca:n, charnego:g, sorete:n, mayate:n
  mongoloide:n
  zorra:n, zorrita:n, zorrón:n, zorrona:n, zorraza:n, perra:n, polla:n, guarra:n, guarro:n
  golfa:n, ramera:n, pelandusca:n, pinche:n, carajo:n, carajote:n, mamada:n
  culo:n, culón:n, culona:n, orto:n, teta:n, tetona:n, pichula:n, pinga:n, panocha:n
  pedo:n, pedorro:g
`
  .split(/[,\n]/)
  .map((w) => w.trim())
  .filter(Boolean);

/**
 * Words innocent alone ('retrasado' is late, 'burro' a donkey) that insult once addressed to
 * someone: 'eres un retrasado', 'sos una inútil'. Held, since 'eres un burro en mates' may be a
 * joke between friends. Not 'mono', 'mona': 'eres mona' is "you're cute" in Spain.
 */
const ADDRESSED = 'eres un, eres una, sos un, sos una, eres, sos'.split(', ');
const ADDRESSED_WORDS = `retrasado, retrasada, inútil, cerdo, cerda, baboso, babosa, burro, burra
  payaso, payasa, mongol, gordo, gorda, foca, vaca, asqueroso, asquerosa, feo, fea, rata, basura
  escoria, anormal, subnormal, mierda, loser, perdedor, perdedora`
  .split(/[,\n]/)
  .map((w) => w.trim());

export const DOUBT_ADDRESSED_ES: readonly string[] = ADDRESSED.flatMap((a) =>
  ADDRESSED_WORDS.map((w) => `${a} ${w}`),
);

export const DOUBT_ES: readonly string[] = [...inflections(DOUBT_LEMMAS_ES), ...DOUBT_ADDRESSED_ES];
