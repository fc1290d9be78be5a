import { useMutation, useQuery } from '@tanstack/react-query';
import type { ScriptPreview, TestCall, TestCallRequest } from '@santa/shared/script-preview';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * The script as a family's next call would get it: the saved script, or the tab's unsaved draft
 * when the admin asked to preview one. The draft is a snapshot taken when Preview was pressed.
 */
export function useScriptPreview(userId: string | null, draft: string | null, savedVersion: string) {
  return useQuery({
    queryKey: adminKeys.scriptPreview(userId ?? '', draft, savedVersion),
    queryFn: () =>
      draft === null
        ? api.get<ScriptPreview>(`/admin/santa-prompt/preview?user_id=${encodeURIComponent(userId ?? '')}`)
        : api.post<ScriptPreview>('/admin/santa-prompt/preview', { user_id: userId, prompt: draft }),
    enabled: userId !== null,
    retry: false,
    staleTime: 0,
  });
}

/** Plays the whole test conversation again with one more line from the child. */
export function useTestCall() {
  return useMutation({
    mutationFn: (input: TestCallRequest) => api.post<TestCall>('/admin/santa-prompt/test-call', input),
  });
}
