import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portfolioItems, type PortfolioItem } from '@/components/portfolio/portfolio-item';
import { creatorKeys, settingsKeys } from '@/lib/query-keys';
import { rpc, supabase } from '@/lib/supabase';
import { uploadVerified } from '@/lib/verified-upload';
import { portfolioFileCheck, portfolioObjectPaths } from '../utils/portfolio-file';

/** A refusal found before anything was sent (settings.portfolio.error.*). */
export class PortfolioFileRefused extends Error {
  override name = 'PortfolioFileRefused';
  constructor(readonly problem: 'type' | 'size') {
    super(`portfolio_${problem}`);
  }
}

export const myPortfolioQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.portfolio(userId),
    queryFn: async () => portfolioItems(await rpc<unknown>('portfolio', { creator_id: userId })),
  });

export const useMyPortfolio = (userId: string) => useQuery(myPortfolioQueryOptions(userId));

const store = () => supabase.storage.from('portfolio');

/**
 * Uploads the file (and the thumbnail the browser made of an image) into the creator's folder, then adds
 * it as the last item; the `api` function checks both are the creator's own objects and the limit. A
 * refused add removes the files again, so nothing is left behind.
 */
export async function addPortfolioItem(userId: string, file: File, thumbnail: Blob | null, caption: string | null): Promise<string> {
  const check = portfolioFileCheck(file);
  if ('problem' in check) throw new PortfolioFileRefused(check.problem);
  const { path, thumbnail: thumbPath } = portfolioObjectPaths(userId, file.type, Date.now(), Math.random().toString(36).slice(2, 8));
  const uploaded: string[] = [];
  try {
    // Each file kept only once its bytes were found to be what its type says (decision 0050).
    await uploadVerified('portfolio', path, file, { contentType: file.type, cacheControl: '31536000' });
    uploaded.push(path);
    if (thumbnail) {
      await uploadVerified('portfolio', thumbPath, thumbnail, { contentType: thumbnail.type, cacheControl: '31536000' });
      uploaded.push(thumbPath);
    }
    return await rpc<string>('add_portfolio_item', { path, caption, thumbnail_path: thumbnail ? thumbPath : null });
  } catch (e) {
    if (uploaded.length) await store().remove(uploaded);
    throw e;
  }
}

/**
 * Removes the item, then its files: the database answers their keys once no row names them. A file left
 * behind (the delete failed) is only wasted space, and goes with the account (user-files.ts).
 */
export async function removePortfolioItem(itemId: string): Promise<void> {
  const keys = await rpc<string[]>('remove_portfolio_item', { item_id: itemId });
  if (keys.length) await store().remove(keys);
}

function useRefresh(userId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.portfolio(userId) });
    void queryClient.invalidateQueries({ queryKey: creatorKeys.all });
  };
}

export function useAddPortfolioItem(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({ file, thumbnail, caption }: { file: File; thumbnail: Blob | null; caption: string | null }) => addPortfolioItem(userId, file, thumbnail, caption),
    onSettled: refresh,
  });
}

export function useRemovePortfolioItem(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({ mutationFn: removePortfolioItem, onSettled: refresh });
}

export function useReorderPortfolio(userId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (items: PortfolioItem[]) => rpc<void>('reorder_portfolio', { item_ids: items.map((i) => i.id) }),
    // The new order shows at once; a refusal puts the server's back.
    onMutate: (items) => queryClient.setQueryData(settingsKeys.portfolio(userId), items),
    onSettled: refresh,
  });
}

export function useSetPortfolioCaption(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({ itemId, caption }: { itemId: string; caption: string | null }) => rpc<void>('set_portfolio_caption', { item_id: itemId, caption }),
    onSuccess: refresh,
  });
}
