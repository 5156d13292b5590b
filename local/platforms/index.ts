import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpService } from '../context.ts';
import { sendJson } from '../http/io.ts';
import { CONTROL_PREFIX, createControl } from './control.ts';
import { createInstagramDouble, INSTAGRAM_PREFIX } from './instagram.ts';
import { createTikTokDouble, TIKTOK_PREFIX } from './tiktok.ts';
import { createYouTubeDouble, GOOGLE_PREFIX } from './youtube.ts';
import { PlatformWorld } from './world.ts';

export { LOCAL_PLATFORM_CLIENT_SECRET } from './oauth.ts';
export { platformBaseUrls } from './base-urls.ts';

export interface PlatformDoubles extends HttpService {
  readonly world: PlatformWorld;
}

/**
 * Instagram, TikTok and YouTube (Google) stand-ins, mounted at /platforms. Each real host becomes a path
 * prefix (see base-urls.ts), and below it the paths are the real ones, so a function given base URLs talks
 * to the double or to the platform with nothing else changed (decision 0052).
 * PLATFORM_DOUBLES=off serves none of it (Kong's 404, as on a hosted project).
 */
export function createPlatformDoubles(env: NodeJS.ProcessEnv = process.env): PlatformDoubles {
  const world = new PlatformWorld();
  const off = env.PLATFORM_DOUBLES === 'off';
  const doubles: [string, { handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> }][] = [
    [INSTAGRAM_PREFIX, createInstagramDouble(world)],
    [TIKTOK_PREFIX, createTikTokDouble(world)],
    [GOOGLE_PREFIX, createYouTubeDouble(world)],
  ];
  const control = createControl(world);
  return {
    world,
    async handle(req, res, _subpath, url) {
      if (off) return sendJson(res, 404, { message: 'no Route matched with those values' });
      const path = url.pathname;
      if (path.startsWith(CONTROL_PREFIX + '/')) return control(req, res, path.slice(CONTROL_PREFIX.length));
      for (const [prefix, double] of doubles) {
        if (path.startsWith(prefix + '/')) return double.handle(req, res, path.slice(prefix.length), url);
      }
      sendJson(res, 404, { message: 'no Route matched with those values' });
    },
  };
}
