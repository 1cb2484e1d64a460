// SCAFFOLD — being written.
import type { FastifyInstance } from 'fastify';

export async function searchRoutes(_app: FastifyInstance): Promise<void> {}
