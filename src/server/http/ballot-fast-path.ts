import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Ballot } from '../../contract/index.ts';

/** The bounds of the Ballot schema (contract/vote.ts) that the fast path repeats. */
const MAX_ANSWERS = 200;
const MAX_OPTIONS = 200;

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

/**
 * The shape nearly every ballot has, checked by hand: `{answers}` of choice answers only, each
 * exactly `{questionId, optionIds}` with positive whole ids, within the schema's bounds. Answers
 * what Ballot.parse would, or undefined for anything else (open text, a scale, any mistake),
 * which then goes through the schema and gets its messages. zod's union of three answer kinds
 * took ~20 µs of every ballot, a tenth of its cost at a hall's pace. A test holds it to the
 * schema over generated ballots.
 */
export function plainChoiceBallot(value: unknown): Ballot | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== 'answers') return undefined;
  const answers = (value as { answers: unknown }).answers;
  if (!Array.isArray(answers) || answers.length < 1 || answers.length > MAX_ANSWERS) {
    return undefined;
  }
  const out: Ballot['answers'] = [];
  for (const answer of answers) {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
    const fields = Object.keys(answer);
    if (fields.length !== 2) return undefined;
    const { questionId, optionIds, ranking, value } = answer as Record<string, unknown>;
    if (!isId(questionId)) return undefined;
    // A number's or a scale's value (issue 26): the server judges it by the question's type.
    if (fields.includes('value')) {
      if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
      out.push({ questionId, value });
      continue;
    }
    // A ranking's ids have a choice's bounds (issue 26).
    const ids = fields.includes('ranking') ? ranking : optionIds;
    if (!Array.isArray(ids)) return undefined;
    if (ids.length < 1 || ids.length > MAX_OPTIONS) return undefined;
    // An index loop, not every(): every() skips holes, which zod reads as undefined.
    for (let i = 0; i < ids.length; i++) if (!isId(ids[i])) return undefined;
    out.push(
      ids === ranking ? { questionId, ranking: [...ids] } : { questionId, optionIds: [...ids] },
    );
  }
  return { answers: out };
}

/** The zod validator compiler, with the fast path in front of the Ballot schema. */
export const ballotAwareValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.schema !== Ballot) return validate;
  return (data: unknown) => {
    const plain = plainChoiceBallot(data);
    return plain ? { value: plain } : validate(data);
  };
};
