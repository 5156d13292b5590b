import os from 'node:os';

/**
 * An IPv4 address of one of this machine's own non-loopback interfaces, or undefined when it has none.
 * A test that binds the stack to it and connects to it from this machine is a caller from that address
 * (the kernel picks the interface's address as the source), so it can play a machine on the network.
 */
export function nonLoopbackIPv4(): string | undefined {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? []) {
      if (a.family === 'IPv4' && !a.internal && !a.address.startsWith('169.254.')) return a.address;
    }
  }
  return undefined;
}
