import { describe, expect, it } from 'vitest';
import type { IntegritySource } from '../../../../contract/integrity.ts';
import { reasonOf } from './integrity-card.tsx';

const source = (changes: Partial<IntegritySource>): IntegritySource => ({
  source: 'abc',
  ballots: 300,
  firstAt: '2026-01-01T10:00:00.000Z',
  lastAt: '2026-01-01T10:00:04.000Z',
  newParticipantBallots: 0,
  bulkIssuedBallots: 0,
  seatedBallots: 0,
  instantQuizAnswers: 0,
  quizBots: false,
  unusual: true,
  ...changes,
});

describe('reasonOf', () => {
  it('says the ids were taken in bulk when most of them were', () => {
    expect(reasonOf(source({ bulkIssuedBallots: 300 }))).toBe(
      '300 votos desde un mismo origen en 4 s; 300 de ellos con identificadores obtenidos en bloque (muchos en el mismo segundo).',
    );
  });

  it('says the browsers were new when most were, and nothing of bulk when few were', () => {
    expect(reasonOf(source({ newParticipantBallots: 290, bulkIssuedBallots: 10 }))).toBe(
      '300 votos desde un mismo origen en 4 s; 290 de ellos desde navegadores que acababan de llegar (sin cookie previa).',
    );
  });

  it('says a quiz source answered faster than anyone reads, spread over the options', () => {
    expect(
      reasonOf(
        source({ ballots: 320, seatedBallots: 320, instantQuizAnswers: 320, quizBots: true }),
      ),
    ).toBe(
      '320 votos desde un mismo origen en 4 s; 320 respuestas del concurso en la primera ráfaga de la pregunta (a menos de 0,3 s de la respuesta más rápida), repartidas por igual entre las opciones (jugadores automáticos).',
    );
  });
});
