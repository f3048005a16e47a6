import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts `server` on `port` (0: any free one) at `host`; resolves with http://host:port actually bound, rejects on EADDRINUSE and the like. */
export async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}
