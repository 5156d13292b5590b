import http from 'node:http';
import { listenOn } from './http/listen.ts';

/**
 * Binds the public port before anything else happens, so a taken port is reported at once and the data
 * directory is never opened by a start that cannot serve. Until the stack takes the server over, callers
 * get 503 with Retry-After rather than a refused connection.
 */
export function bindPublicServer(port: number, host: string): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' });
    res.end(JSON.stringify({ message: 'The stack is starting' }));
  });
  return listenOn(server, port, host).then(() => server);
}
