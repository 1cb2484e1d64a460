// Binds the app to an address and turns the usual failures into one clear sentence.
import type { FastifyInstance } from 'fastify';

export class ListenError extends Error {
  override name = 'ListenError';
}

export async function listen(app: FastifyInstance, opts: { host: string; port: number }): Promise<string> {
  try {
    await app.listen({ host: opts.host, port: opts.port });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new ListenError(`Port ${opts.port} on ${opts.host} is in use: choose another with --port, or leave it out to get a free one.`);
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new ListenError(`Cannot listen on ${opts.host}: no such address on this machine.`);
    }
    if (code === 'EACCES') throw new ListenError(`Not allowed to listen on port ${opts.port}: choose a port above 1023.`);
    throw err;
  }
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new ListenError('The server has no TCP address.');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/`;
}
