import type { FastifyInstance } from 'fastify';
import { type KnownRooms, PERSON_ACTIONS } from '../live/known-rooms.ts';
import { participantIfAny } from './participant.ts';

/**
 * Tells KnownRooms each person as they show up: a successful PERSON_ACTIONS request, its
 * participant id, its poll and its address. After the response, off the request's path, and
 * without touching the routes themselves.
 */
export function watchPeople(app: FastifyInstance, rooms: KnownRooms): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 300) return;
    const action = request.routeOptions.schema?.operationId;
    if (!action || !PERSON_ACTIONS.has(action)) return;
    const slug = (request.params as { slug?: string } | undefined)?.slug;
    const participant = participantIfAny(request);
    if (slug && participant) rooms.notePerson(request.ip, slug, participant.id);
  });
}
