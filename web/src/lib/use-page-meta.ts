import { useEffect } from 'react';

/**
 * The document's title and description while a screen is shown, put back when it goes. For browser tabs
 * and history; a link preview (which runs no script) reads the server's copy (local/public-page-meta.ts).
 */
export function usePageMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const before = { title: document.title, description: meta?.content };
    document.title = title;
    if (meta && description) meta.content = description;
    return () => {
      document.title = before.title;
      if (meta && before.description !== undefined) meta.content = before.description;
    };
  }, [title, description]);
}
