/**
 * Two hundred open answers a class could send (what they learnt, what they liked, a word for the
 * lesson, a reason), many with the letters of an insult inside a Spanish word ('computadora',
 * 'disputa', 'escupir', 'calculadora', 'Clorofila'). The matcher must flag none (issue 19).
 * Ambiguous words decided clean, as profanity-es.ts says: 'pollo', 'cola', 'concha', 'cono'.
 */
export const CLEAN_ANSWERS: readonly string[] = `
Clorofila
Clorofila y luz
La fotosíntesis necesita clorofila, agua y luz
computadora
Usé la computadora para el trabajo
La calculadora científica
una disputa entre vecinos
La disputa territorial del siglo XIX
escupir está mal
No hay que escupir en el suelo
pollo con patatas
El pollo asado de mi abuela
Coca-Cola
la cola del supermercado
Hicimos cola para entrar
concha de mar
Encontré una concha en la playa
un cono de helado
El cono de tráfico naranja
reputación
Tiene buena reputación en el barrio
El diputado votó en contra
El acusado fue imputado
amputar una pierna
computación
Ciencias de la computación
puntos
Saqué diez puntos
punto y coma
la puntada del bordado
el pasajero del tren
Los pasajeros esperan el autobús
El camión va cargada de fruta
albergar
El museo alberga cuadros de Goya
La verja del colegio
Fuimos a la bolera
Volverá mañana
el cajón de la mesa
Guardé los lápices en el cajón
una culebra en el jardín
Le dio un puñetazo a la mesa
el follaje del bosque
Leí el folleto
Mongolia
La capital de Mongolia es Ulán Bator
marisco
Me gusta el marisco
Maricarmen
América del Sur
Los Andes están en América
esputo
la matrícula del coche
película
Vimos una película
cálculo
El cálculo mental
artículo
vehículo eléctrico
ridículo
el círculo y la circunferencia
la culpa fue mía
Es de culto
pelota
El pelotón de ciclistas
la joya de la corona
La jota aragonesa
sudadera
Hace calor y sudar es normal
mamá
Mi mamá me ayudó
los mamíferos
bollería
La bollería industrial
tortilla de patatas
La tortillería de la esquina
paja
El pajarito canta
objetivo
El objeto directo
negrita
Escribe el título en negrita
Sudamérica
putrefacción
La putrefacción de la fruta
cabra
El cabrito salta
coñac
año
Feliz año nuevo
niño
caño
pendiente
Tengo un ejercicio pendiente
El pingüino
vergüenza
Me da vergüenza hablar en público
pelo
pelar patatas
jugar
juego de mesa
queso
quiero más ejemplos
Que nos explique otra vez
Trabajo en equipo
Aprender cosas nuevas
Me ha gustado mucho
Muy interesante
La Revolución Francesa
Los romanos construyeron acueductos
Pitágoras
El teorema de Pitágoras
La mitosis y la meiosis
El sistema solar
Júpiter es el planeta más grande
Madrid
Cervantes escribió el Quijote
Don Quijote de la Mancha
los verbos irregulares
sujeto y predicado
La célula eucariota
El ADN
las fracciones
Multiplicar y dividir
ecuaciones de segundo grado
derivadas
integrales
la energía renovable
el cambio climático
reciclar
la contaminación del aire
El ciclo del agua
evaporación
la Edad Media
Los Reyes Católicos
1492
El descubrimiento de América
la Segunda Guerra Mundial
la democracia
la Constitución de 1978
los derechos humanos
la igualdad
la amistad
el respeto
la solidaridad
la música clásica
Mozart
tocar la flauta
el baloncesto
fútbol
la natación
correr
El recreo
más tiempo para el examen
Menos deberes por favor
Necesito más práctica
Explicar con ejemplos
Usar vídeos en clase
Hacer experimentos
El laboratorio
la química orgánica
la tabla periódica
El oxígeno
el hidrógeno
la gravedad
Newton
la velocidad de la luz
la electricidad
el circuito eléctrico
la informática
programar en Python
la inteligencia artificial
los robots
internet
la biblioteca
leer libros
la poesía
Machado y Lorca
Gabriel García Márquez
Cien años de soledad
la novela picaresca
El Lazarillo de Tormes
el Renacimiento
Velázquez
Las Meninas
Picasso
el Guernica
Goya
La capital de Francia es París
el río Ebro
el mar Mediterráneo
los volcanes
los terremotos
las placas tectónicas
la selva amazónica
los ecosistemas
la cadena alimentaria
los herbívoros
el compost
el huerto escolar
las plantas necesitan luz
la raíz, el tallo y las hojas
Me cuesta la ortografía
las tildes
la hache es muda
Hoy he aprendido mucho
Ha sido divertido
un poco aburrido
Está chulo
Genial
Perfecto
No lo sé
Sí
Ninguna duda
Todo claro
La profe explica muy bien
Gracias
`
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);
