/**
 * Ordinary Spanish words, place names, people's names and classroom phrases that hold or
 * resemble an insult of the lists (issue 24): none may be held or flagged (vocabulary.test.ts).
 * Written from Spanish usage and gazetteers, not picked against the matcher; the words of the
 * second block are dictionary words holding an insult's letters. Insults that are also other
 * words ('perra chica', 'capullo de rosa') are the doubt list's, held by design, so not here.
 */
const items = (text: string): string[] =>
  text
    .split(/[,\n]/)
    .map((w) => w.trim())
    .filter(Boolean);

export const CLEAN_LOOKALIKES: readonly string[] = items(`
  computadora, computar, disputa, disputar, diputado, diputada, imputado, imputar, amputar
  amputación, reputación, reputado, putativo, esputo, supuesto, supurar, Putumayo, Villaputas
  Putignano, ampolla, repollo, cebolla, bollo, bollería, pollo, pollito, pollería, polluelo
  pollera, apolillado, ollas, Apolonia, Pollença, Vallecas, follaje, folleto, fuelle, hojarasca
  Follonica, folletín, follón, Vergara, vergel, vergüenza, sinvergonzón, verja, convergencia
  divergente, Bergara, Vergel, Vergés, verduras, Culiacán, película, ridículo, vehículo, cálculo
  círculo, artículo, músculo, culebra, culto, cultura, agricultura, culpa, culminar, calcular
  retículo, matrícula, espectáculo, báculo, cubículo, opúsculo, crepúsculo, minúsculo, Culebra
  Culleredo, Cúllar, Cullera, Cojímar, cojín, cojinete, cojear, cojo, Cojutepeque, Coria
  Cojitambo, Mariquita, María, Mariquita la mariquita de siete puntos, mariposa, marisco, mariscal
  Maricela, Mariana, Marikina, Mari Carmen, Mamonal, mamífero, mamá, mamadera, mamey, Mamoré
  mamografía, mampara, mamut, tontería en la tienda, Toronto, tonelada, tónico, tono, Tontal
  Tontonicapán, Cabrera, cabra, cabrito, Cabrales, cabrero, cabria, Cabreros, Cabrils, Cabo Verde
  abracadabra, mierla, miércoles, miel, mientras, Mieres, Mierlo, joya, jota, jodhpur, Jódar
  jocoso, Jodhpur, pendiente, péndulo, pendón, dependencia, independiente, suspender, aprender
  Pénjamo, coñac, Coñaripe, Coñimó, chingolo, Chinchón, Chinguetti, Chingford, Chingaza
  Chinandega, zorro, zorrillo, Zorrilla, Zorita, Zorraquín, zorzal, Zaragoza, perro, perrera
  Perrault, perejil, Perú, Perales, Perales de Tajuña, tetera, tetraedro, Tetuán, tétanos
  tetrabrik, Tetela, tetón del gallo, bobina, bobinado, Bobadilla, bóbilis, capuchino, Capuleto
  Capulí, capucha, Capulálpam, Culebrón, pedagogía, pediatra, pedal, pedazo, pedregal, Pedraza
  Pedro, Pedrosa, Gijón, Gil, Gilberto, Gilena, Maricao, Maricopa, sudaderas, Sudáfrica
  Sudamérica, sudar, sudoku, Sudán, sudario, negro, negrita, negrilla, Negreira, Negrón, mongol
  Mongolia, mongolfiera, Mongó, Montgat, idioma, idiosincrasia, Idiazábal, idílico, Imbabura
  estupendo, estupor, estúpa, estupefacto, cretácico, Creta, cretona, Cretas, tara, tarea
  tarántula, Taradell, Taramundi, Tarazona, nácar, Nacozari, Nacimiento, pinchos, pinchito
  pinchazo, Pinchote, Guarromán, guarderías, guardia, guarida, Guarrate, Guarrizas, carajillo
  Carajá, caraja, cabezón, cabeza, cacharro, cajón, caja, Cajamarca, Cajicá, puñado, puñal, puño
  puñetazo, empuñar, ojeada, ojera, Ojén, culantro, culata, Culla, culí, huevo, hueco, huevera
  bolera, boleto, Bolonia, pelotón, pelota, pelotero, pelotari, guiri, guiso, Guisando, sidra
  Sidón, síndrome, Marruecos, violín, violeta, violonchelo, Violeta, violento, violación de la ley
  terraza, terrestre, territorio, Terrassa, jaula, jauría, Jautepec, chocolate, choclo, Chocó
  chocar, concha de abanico, Conchita, Concha Espina, Conchi, pito, pitón, Pitillas, pitonisa
  pija, Pijao, Pijijiapan, polvo, polvorón, Pola de Lena, polaco, rata, ratón, Ratatouille
  culebrilla, culteranismo, cultivo, verdura, vergonzoso, Pichilemu, pichón, Pichincha
  Chucho Valdés, Chucuito, Chuquisaca, Pijoán, Pijuán, Cipolletti, Cipotánea, Cojedes, Mamatoco
  Mamonal de Cartagena, Villanueva de la Concepción, Bollullos, Bollullos de la Mitación
  Torremocha, Cabezón de la Sal, Cabra, Cabrerizos, Cabezuela, Tetuán de las Victorias
  Vergel de la Sierra, Peñaflor, Peñíscola, Fuenteovejuna, Mierlas, acicular, caniculares
  gesticulo, farfolla, folletos, convergía, avergoncé, divergen, envergadura, cabritero, cojean
  carabobeños, dependieren, expendiendo, péndulas, alpende, dietética, sintéticas, tetero, alípedo
  cuadrúpedos, pinnípedos, pijibay, anacoreta, monacordio, corpúsculo, flósculo, matriculo
  panículos, destetabas, sudación, resudación, trasudación, denegrías, negraje, peloteaba
  cantarada, militarada, mamotreto, mamarias, cabrahígo, descabalgar, pollino, polluela, repollito
  embolle, folklore, Putrajaya, La mariquita tiene siete puntos negros
  Vamos de excursión a Cullera, El tetraedro tiene cuatro caras, Me gusta el chocolate con churros
  Fuimos a Culiacán en verano, Mi abuelo nació en Cojímar, El diputado votó en contra de la ley
  Hice la tarea en la computadora, Compré un repollo y una cebolla, La ampolla del pie me duele
  El follaje del bosque es verde, Vivo en la calle Vergara, Concha Velasco, Pedro Almodóvar
  Rubén Darío, Federico García Lorca, Francisco de Quevedo, Gabriela Mistral, Pablo Neruda
  Tito Puente, Celia Cruz, Mario Vargas Llosa, Juan Rulfo, Octavio Paz, Miguel de Unamuno
  Rosalía de Castro, Mercè Rodoreda, Bernardo Atxaga, Cabo de Palos, Castrillo Mota de Judíos
  Bocairent, Peñarroya-Pueblonuevo, Torrejoncillo, Culebrón de la tarde, Valdemorillo
  Villanueva del Pardillo, Pozo Culebras, Calatayud, Mamaroneck, Hong Kong, Fukushima, Phuket
  Dong Hoi, Kunming, Scunthorpe, Penistone, Essex, Middlesex, Sussex, Cockburn, Dickinson
  Hitchcock, Shitake, Titicaca, Cuenca del Titicaca, Mazatlán, Tlalnepantla, Pachuca, Cuautitlán
  Huehuetenango, Chichicastenango, Quetzaltenango, El tren llegó retrasado, El gordo de Navidad
  La vaca come hierba, Un payaso en el circo, Mi pulso es de 80 lpm, Eres mona
  Mi burro se llama Platero, Eres muy buena en mates, Sos re grosa, Tocó el fagot en la orquesta
  Pichilemu, Pichincha, Cochabamba, Puerto Montt, Concepción, Coquimbo, Iquique, Chuquicamata
`);
