import type { StackContext, UpgradeService } from '../context.ts';

/** Realtime-compatible websocket (placeholder until the realtime module lands). */
export async function createRealtimeService(_ctx: StackContext): Promise<UpgradeService> {
  return {
    handleUpgrade(_req, socket) {
      socket.destroy();
    },
    async close() {},
  };
}
