// SCAFFOLD — being written.
import type { FastifyInstance } from 'fastify';

export async function portalRoutes(_app: FastifyInstance): Promise<void> {}
