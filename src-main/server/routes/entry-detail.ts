// SCAFFOLD — being written.
import type { FastifyInstance } from 'fastify';

export async function entryDetailRoutes(_app: FastifyInstance): Promise<void> {}
