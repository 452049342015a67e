/**
 * Words people type in open answers to a class or meeting question ('¿Qué te llevas de hoy?',
 * '¿Una idea para mejorar?'), for the open-text ballots bench: about 300 Spanish nouns,
 * adjectives, verbs and a few stop words (307 distinct), some with accents. Written for this
 * bench; CC0.
 */
export const VOCABULARY_ES: readonly string[] = `
  aprender aprendizaje equipo trabajo colaboración comunicación confianza respeto paciencia
  creatividad innovación curiosidad motivación energía entusiasmo alegría diversión juego
  práctica teoría ejemplo ejemplos ejercicio ejercicios proyecto proyectos tarea tareas examen
  clase clases profesor profesora alumnos compañeros grupo grupos debate diálogo conversación
  pregunta preguntas respuesta respuestas idea ideas solución soluciones problema problemas
  reto retos objetivo objetivos meta metas plan planes estrategia método herramientas
  tecnología ordenador internet datos código programación diseño arte música historia
  ciencia matemáticas lengua lectura escritura libro libros texto vídeo vídeos imagen imágenes
  mapa presentación diapositivas resumen esquema notas apuntes tiempo ritmo pausa descanso
  café agua comida almuerzo mañana tarde noche semana mes año hoy mañana futuro pasado
  presente cambio mejora progreso crecimiento desarrollo éxito error errores fallo intento
  esfuerzo constancia disciplina orden organización claridad sencillez calidad cantidad
  interés atención concentración memoria comprensión análisis síntesis reflexión opinión
  punto vista experiencia conocimiento habilidad habilidades competencia talento liderazgo
  empatía amistad familia comunidad sociedad cultura naturaleza planeta clima energía
  salud deporte movimiento calma tranquilidad estrés nervios miedo duda dudas seguridad
  libertad justicia igualdad diversidad inclusión participación voz voto votar elegir
  decidir pensar crear construir compartir ayudar escuchar hablar leer escribir explicar
  preguntar responder mejorar cambiar probar practicar repasar estudiar descubrir explorar
  imaginar soñar disfrutar reír jugar viajar conocer entender aplicar resolver organizar
  planificar colaborar participar dinámico dinámica interesante divertido divertida útil
  práctico práctica claro clara difícil fácil largo largo corto corta rápido lento nuevo
  nueva nuevos nuevas genial increíble excelente bueno buena mejor peor importante necesario
  abierto cerrado libre creativo creativa curioso motivado motivada cansado contento feliz
  tranquilo inspirador inspiradora emocionante ameno amena profundo interesante relevante
  actual moderno sencillo complejo concreto abstracto personal social digital global local
  más menos mucho poco bastante siempre nunca ahora después antes juntos solo todos
  gracias bien mal sí no quizás también tampoco muy casi
  el la los las un una de del en con por para que y o
`
  .trim()
  .split(/\s+/);
