import { defineCatalog } from '@/i18n/use-t';
import type en from './messages/en.json';

/**
 * The refusals of uploadVerified (verified-upload.ts), shared by every feature that uploads. Its own
 * catalog rather than the common one, which every screen (/auth included) loads (decision 0006).
 */
export const uploadCatalog = defineCatalog<typeof en>({
  es: () => import('./messages/es.json').then((m) => m.default),
  en: () => import('./messages/en.json').then((m) => m.default),
  pt: () => import('./messages/pt.json').then((m) => m.default),
});
