/** Issue 28, /embed/{slug}: the live results inside a slide. Only the embed imports it. */
export const esEmbed = {
  loading: 'Cargando...',
  notFound: 'Encuesta no encontrada',
  private: 'Los resultados no son públicos',
  privateHint: 'Activa «Resultados públicos» en el panel para mostrarlos aquí.',
  noQuestion: 'Sin preguntas',
  waiting: 'Esperando respuestas...',
  joinAt: 'Únete en',
  code: 'Código',
  qrAlt: (url: string) => `Código QR para unirse: ${url}`,
  region: (title: string) => `Resultados en vivo: ${title}`,
} as const;
