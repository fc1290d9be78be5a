import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SampleCallStatus } from '@santa/shared/santa';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export const getSampleCallStatus = () => api.get<SampleCallStatus>('/santa/sample-call-status');

export const sampleCallStatusQueryOptions = queryOptions({
  queryKey: queryKeys.sampleCallStatus,
  queryFn: getSampleCallStatus,
});

/** Only a signed-in parent has a sample status; visitors see the sample as available. */
export function useSampleCallStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...sampleCallStatusQueryOptions, enabled });
}
