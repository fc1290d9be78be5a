import { useQuery } from '@tanstack/react-query';
import type { AdminGifts } from '@santa/shared/gifts';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function useAdminGifts() {
  return useQuery({
    queryKey: adminKeys.gifts,
    queryFn: () => api.get<AdminGifts>('/admin/gifts'),
    retry: false,
  });
}
