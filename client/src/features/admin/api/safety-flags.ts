import { useQuery } from '@tanstack/react-query';
import type { SafetyFlagCounts } from '@santa/shared/safety';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function useSafetyFlags() {
  return useQuery({
    queryKey: adminKeys.safetyFlags,
    queryFn: () => api.get<SafetyFlagCounts>('/admin/safety-flags'),
    retry: false,
  });
}
