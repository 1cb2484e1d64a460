// SCAFFOLD — being written.
import type { FastifyInstance } from 'fastify';

export async function appKeysRoutes(_app: FastifyInstance): Promise<void> {}
