// Requests Node refuses before any route sees them — a request line or headers over the limit (431), a
// malformed request line such as a raw space or tab in the address (400) — answered with the envelope
// in the format their address asks for (docs/architecture.md, Security), like every other error, instead of Node's bare
// JSON. Fastify hands them over as socket errors (its clientErrorHandler option); the request line is
// read back from what arrived.
import type { Socket } from 'node:net';
import { jsonBody } from './envelope';
import { loadXml, toXml } from './xml';

interface ClientError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/** The address of the request line that arrived (perhaps cut short), or '' when none can be read. */
function targetOf(raw: unknown): string {
  if (!Buffer.isBuffer(raw)) return '';
  const line = raw
    .subarray(0, Math.min(raw.length, 64 * 1024))
    .toString('latin1')
    .split('\r\n')[0];
  const start = line.indexOf(' ');
  if (start === -1) return '';
  const end = line.lastIndexOf(' HTTP/');
  return line.slice(start + 1, end > start ? end : undefined);
}

const REASONS: Record<number, [string, string]> = {
  400: ['Bad Request', 'The request is malformed: its address holds a space, a tab or another character an address cannot hold.'],
  431: ['Request Header Fields Too Large', 'The request is too long: its address or headers exceed what this server reads.'],
};

export async function answerClientError(err: ClientError, socket: Socket): Promise<void> {
  // A client gone away wants no answer.
  if (err.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const target = targetOf(err.rawPacket);
  const path = target.split('?')[0];
  const xml = /\.xml\/?$/i.test(path) || /[?&]api=xml(&|$)/i.test(target);
  const [reason, message] = REASONS[status];
  // Nothing of the refused request is echoed: it is what could not be read.
  const response = { information: { parameters: {}, msg: [message], has_error: true, request: '', error: status } };
  let body: Buffer;
  if (xml) {
    await loadXml();
    body = Buffer.from(toXml(response));
  } else body = jsonBody(response);
  const type = xml ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8';
  socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
  socket.end(body);
}
