// SCAFFOLD — being written.
import type { FastifyInstance } from 'fastify';

export async function onAirRoutes(_app: FastifyInstance): Promise<void> {}
