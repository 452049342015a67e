/**
 * Spanish stop words left out of the word cloud: articles, prepositions, conjunctions,
 * pronouns and possessives, demonstratives, the commonest forms of ser, estar, haber and tener,
 * and filler adverbs. Written by hand for Sondeo (not copied from any list); CC0 1.0, public
 * domain. Matched after folding (words.ts foldWord), so accents here are only for reading.
 *
 * 'no' and 'sí' are here too: inside a longer answer they say little on their own, while an
 * answer that is only one word (even one of these) always counts (words.ts).
 */
export const STOP_WORDS_ES: readonly string[] = `
  // Articles and contractions
  el la los las lo un una unos unas al del
  // Prepositions
  a ante bajo cabe con contra de desde durante en entre
  hacia hasta mediante para por según sin so sobre tras vía
  // Conjunctions and relatives
  y e ni o u pero sino que qué porque pues como cómo
  cuando cuándo donde dónde si aunque mientras quien quién
  quienes cual cuál cuales cuyo cuya cuanto cuánto
  // Personal pronouns
  yo tú él ella ello nosotros nosotras vosotros vosotras ellos
  ellas usted ustedes vos me te se nos os le les mí
  conmigo contigo consigo
  // Possessives
  mi mis tu tus su sus nuestro nuestra nuestros nuestras
  vuestro vuestra vuestros vuestras mío mía míos mías tuyo tuya
  suyo suya
  // Demonstratives and quantifiers
  este esta esto estos estas ese esa eso esos esas aquel
  aquella aquello aquellos aquellas otro otra otros otras todo
  toda todos todas algo alguien algún alguno alguna algunos
  algunas ningún ninguno ninguna cada mismo misma mismos mismas
  mucho mucha muchos muchas poco poca pocos pocas tanto tanta
  // Adverbs that carry no topic
  no sí muy más menos tan también tampoco ya aún aun
  todavía solo sólo así aquí ahí allí allá entonces luego
  casi siempre nunca bastante
  // Ser, estar, haber, tener, poder: the forms people type most
  ser es son soy eres somos era eran fue fueron sea sido
  estar está están estoy estás estamos estaba estado haber he
  has ha hemos han había hay habido tener tengo tiene tienen
  tenemos puede pueden puedo
  // Chat spellings of the above
  q k xq pq tb tmb
`
  .split('\n')
  .filter((line) => !line.trim().startsWith('//'))
  .flatMap((line) => line.trim().split(/\s+/))
  .filter(Boolean);
