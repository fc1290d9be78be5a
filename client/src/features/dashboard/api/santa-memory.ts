import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemoryItem, SantaMemory } from '@santa/shared/memory';
import { api } from '@/lib/api-client';

const memoryKey = ['memory'] as const;
const itemPath = (id: string) => `/memory/${encodeURIComponent(id)}`;

/** "What Santa remembers": refreshed after each call's recap, so it follows the call history. */
export function useSantaMemory() {
  return useQuery({ queryKey: memoryKey, queryFn: () => api.get<SantaMemory>('/memory') });
}

function useMemoryMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: memoryKey }) });
}

export const useEditMemory = () =>
  useMemoryMutation(({ id, text }: { id: string; text: string }) =>
    api.put<{ item: MemoryItem; message: string }>(itemPath(id), { text }),
  );

export const useForgetMemory = () =>
  useMemoryMutation((id: string) => api.delete<{ message: string }>(itemPath(id)));

/** Everything Santa remembers, or only what one child told him (`childId`). */
export const useClearMemory = () =>
  useMemoryMutation((childId: string | undefined) =>
    api.delete<{ message: string }>(childId ? `/memory?child=${encodeURIComponent(childId)}` : '/memory'),
  );
