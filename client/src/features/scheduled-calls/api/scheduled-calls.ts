import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MoveCallRequest,
  PhoneTimeZonesResponse,
  ScheduleCallRequest,
  ScheduledCall,
  ScheduledCallsResponse,
  SlotsResponse,
} from '@santa/shared/scheduled-calls';
import { api } from '@/lib/api-client';

const scheduledCallsKey = ['scheduled-calls'] as const;
const callPath = (id: string) => `/scheduled-calls/${encodeURIComponent(id)}`;

/** The browser's own zone: the parent picks times as their clock shows them. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useScheduledCalls() {
  return useQuery({
    queryKey: scheduledCallsKey,
    queryFn: () => api.get<ScheduledCallsResponse>('/scheduled-calls'),
  });
}

/** The clocks a family phone may keep (one for most numbers; some area codes span two). */
export function usePhoneTimeZones(phone: string) {
  return useQuery({
    queryKey: [...scheduledCallsKey, 'phone-time-zones', phone],
    queryFn: () =>
      api.get<PhoneTimeZonesResponse>(`/scheduled-calls/phone-time-zones?phone=${encodeURIComponent(phone)}`),
    enabled: Boolean(phone),
    staleTime: Infinity,
  });
}

/** The day's start times and which still have room, in the parent's zone. */
/** The free times of `date`; with `soonest`, of the first day from `date` that has one. */
export function useSlots(date: string, timeZone: string, soonest = false) {
  return useQuery({
    queryKey: [...scheduledCallsKey, 'slots', date, timeZone, soonest],
    queryFn: () =>
      api.get<SlotsResponse>(
        `/scheduled-calls/slots?date=${encodeURIComponent(date)}&time_zone=${encodeURIComponent(timeZone)}${
          soonest ? '&soonest=true' : ''
        }`,
      ),
    enabled: Boolean(date),
  });
}

/** Every change refreshes the list and the slots (a place was taken or given back). */
function useScheduledCallsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduledCallsKey }),
  });
}

export const useScheduleCall = () =>
  useScheduledCallsMutation((input: ScheduleCallRequest) =>
    api.post<ScheduledCall>('/scheduled-calls', input),
  );

export const useMoveCall = () =>
  useScheduledCallsMutation(({ id, ...input }: MoveCallRequest & { id: string }) =>
    api.patch<ScheduledCall>(callPath(id), input),
  );

export const useCancelCall = () => useScheduledCallsMutation((id: string) => api.delete<void>(callPath(id)));
