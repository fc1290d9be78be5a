import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KidProfileRequest, KidProfileResponse } from '@santa/shared/santa';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/**
 * Spec §5/§7: a multipart form in which empty fields are not sent. `privacy_consent` carries the
 * notice version the parent agreed to, when they ticked the box.
 */
export function saveKidProfile(
  input: Record<keyof KidProfileRequest, string> & { privacy_consent?: string },
) {
  const form = new FormData();
  for (const [field, value] of Object.entries(input)) {
    const trimmed = value.trim();
    if (trimmed) form.set(field, trimmed);
  }
  return api.post<KidProfileResponse>('/santa/kid-profile', form);
}

export function useSaveKidProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKidProfile,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.kidProfile, result);
      // A new profile is what makes Santa's number worth showing.
      void queryClient.invalidateQueries({ queryKey: queryKeys.hotlineNumber });
      void queryClient.invalidateQueries({ queryKey: queryKeys.privacyConsent });
    },
  });
}
