import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminKeys, applicationKeys, campaignKeys, creatorKeys, currentProfileKeys, messageKeys, settingsKeys } from '@/lib/query-keys';
import { rpc, supabase } from '@/lib/supabase';
import { uploadVerified } from '@/lib/verified-upload';
import { encodedPictureProblem, objectPathOfPublicUrl, pictureObjectPath, type PictureBucket } from '../utils/picture-file';

/** A refusal found before anything was sent: the message names the limit (settings.picture.error.*). */
export class PictureRefused extends Error {
  override name = 'PictureRefused';
  constructor(readonly problem: 'type' | 'size') {
    super(`picture_${problem}`);
  }
}

const saveFunction = (bucket: PictureBucket) => (bucket === 'logos' ? 'set_my_logo' : 'set_my_avatar');
const saveArgs = (bucket: PictureBucket, url: string | null) => (bucket === 'logos' ? { logo_url: url } : { avatar_url: url });

/**
 * Uploads the cropped square into the user's folder and has its content checked (uploadVerified: an
 * UploadRefused when Storage or files-verify refuses it), then names it on the profile (the `api` function
 * checks the URL is the user's own, verified object). The previous picture's file goes once the new one is saved;
 * a failed save removes the new file again, so nothing is left behind either way.
 */
export async function savePicture(userId: string, bucket: PictureBucket, square: Blob, previousUrl: string | null): Promise<string> {
  const problem = encodedPictureProblem(square);
  if (problem) throw new PictureRefused(problem);
  const store = supabase.storage.from(bucket);
  const path = pictureObjectPath(userId, bucket, square.type, Date.now());
  await uploadVerified(bucket, path, square, { contentType: square.type, cacheControl: '31536000', upsert: false });
  const url = store.getPublicUrl(path).data.publicUrl;
  try {
    await rpc<void>(saveFunction(bucket), saveArgs(bucket, url));
  } catch (e) {
    await store.remove([path]);
    throw e;
  }
  await removeOld(bucket, userId, previousUrl);
  return url;
}

/** Unlinks the picture from the profile, then deletes its file. */
export async function removePicture(userId: string, bucket: PictureBucket, previousUrl: string | null): Promise<void> {
  await rpc<void>(saveFunction(bucket), saveArgs(bucket, null));
  await removeOld(bucket, userId, previousUrl);
}

async function removeOld(bucket: PictureBucket, userId: string, url: string | null): Promise<void> {
  const old = objectPathOfPublicUrl(url, bucket, userId);
  // A file left behind is only wasted space: the profile no longer names it, so its error is not the user's.
  if (old) await supabase.storage.from(bucket).remove([old]);
}

/** Everything that draws the user's picture: the shell, the settings, and the lists that show people and brands. */
function refreshPictures(queryClient: QueryClient, userId: string) {
  for (const queryKey of [currentProfileKeys.ofUser(userId), settingsKeys.brandProfile(userId), campaignKeys.all, creatorKeys.all, applicationKeys.all, messageKeys.all(userId), adminKeys.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useSavePicture(userId: string, bucket: PictureBucket) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ square, previousUrl }: { square: Blob; previousUrl: string | null }) => savePicture(userId, bucket, square, previousUrl),
    onSuccess: () => refreshPictures(queryClient, userId),
  });
}

export function useRemovePicture(userId: string, bucket: PictureBucket) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (previousUrl: string | null) => removePicture(userId, bucket, previousUrl),
    onSuccess: () => refreshPictures(queryClient, userId),
  });
}
