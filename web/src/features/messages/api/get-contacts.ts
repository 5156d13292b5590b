import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { Contact } from './types';

/** api.contacts(): everyone the caller exchanged messages with, latest conversation first. */
export function getContacts(): Promise<Contact[]> {
  return rpc<Contact[]>('contacts');
}

export const getContactsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: messageKeys.contacts(userId), queryFn: getContacts });

export function useContacts(userId: string) {
  return useQuery(getContactsQueryOptions(userId));
}
