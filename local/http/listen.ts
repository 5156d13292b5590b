import type http from 'node:http';

/** Listens on host:port; rejects with the bind error (EADDRINUSE, EACCES, ...) instead of emitting it. */
export function listenOn(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
