// SCAFFOLD — being written.
import type { FastifyInstance } from 'fastify';

export async function appTagsRoutes(_app: FastifyInstance): Promise<void> {}
