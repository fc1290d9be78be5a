import { useState, type FormEvent } from 'react';
import type { ScheduledCall } from '@santa/shared/scheduled-calls';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { formatPhoneNumber } from '@/lib/format';
import { useChildren } from '@/lib/queries/children';
import { useFamilyPhones } from '@/lib/queries/family-phones';
import { toast } from '@/lib/toast';
import {
  browserTimeZone,
  useMoveCall,
  usePhoneTimeZones,
  useScheduleCall,
  useSlots,
} from '../api/scheduled-calls';
import { formatLocalDay, formatLocalTime, localDay, zonePlace } from './local-day';
import { ShortTimeWarning } from './short-time-warning';

/**
 * Day, time (the free slots of that day on the phone's clock), children and phone. With `moving`,
 * the same form gives an existing call a new day and time.
 */
export function ScheduleCallForm({ moving, onDone }: { moving?: ScheduledCall; onDone?: () => void }) {
  // Until the parent picks a day, the form shows the soonest day that still has a free time.
  const [pickedDate, setDate] = useState(moving?.date ?? '');
  const [time, setTime] = useState('');
  const children = useChildren();
  const phones = useFamilyPhones();
  const family = children.data?.children ?? [];
  const verified = phones.data?.phones ?? [];
  const [picked, setPicked] = useState<string[] | null>(null);
  const childIds = picked ?? family.map((child) => child.id);
  const [phone, setPhone] = useState('');
  const chosenPhone = moving?.phone ?? (phone || verified[0]?.phone || '');
  const phoneZones = usePhoneTimeZones(chosenPhone).data?.time_zones ?? [];
  const [saidZone, setSaidZone] = useState('');
  const timeZone = pickZone(phoneZones, saidZone);
  const slots = useSlots(pickedDate || localDay(0), timeZone, !pickedDate);
  const date = pickedDate || slots.data?.date || localDay(0);
  const schedule = useScheduleCall();
  const move = useMoveCall();
  const [error, setError] = useState('');
  const pending = schedule.isPending || move.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (!time) return setError('Pick a time for Santa’s call.');
    try {
      if (moving) await move.mutateAsync({ id: moving.id, date, time, time_zone: timeZone });
      else
        await schedule.mutateAsync({
          date,
          time,
          time_zone: timeZone,
          phone: chosenPhone,
          child_ids: childIds,
        });
      toast.success(
        moving
          ? `Santa will now call on ${formatLocalDay(date)} at ${formatLocalTime(time)}.`
          : `Santa will call on ${formatLocalDay(date)} at ${formatLocalTime(time)}.`,
      );
      setTime('');
      onDone?.();
    } catch (failure) {
      setError(requestErrorMessage(failure));
    }
  }

  const toggle = (id: string) =>
    setPicked(childIds.includes(id) ? childIds.filter((other) => other !== id) : [...childIds, id]);

  return (
    <Card>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={moving ? 'Move the call' : 'Schedule a call'}
      >
        <h2 className="font-display text-2xl font-bold text-ink">
          {moving ? 'Pick a new time' : 'Schedule a call'}
        </h2>
        {moving ? null : <ShortTimeWarning />}
        <PhoneClock zones={phoneZones} timeZone={timeZone} onSay={setSaidZone} />
        <label htmlFor="call-date" className="mt-4 block text-sm font-semibold text-ink">
          Day
        </label>
        <input
          id="call-date"
          type="date"
          value={date}
          min={localDay(0)}
          onChange={(event) => {
            setDate(event.target.value);
            setTime('');
          }}
          className="mt-1 min-h-11 w-full rounded-xl border border-gray-300 px-3"
        />
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-ink">Time</legend>
          {slots.isPending ? (
            <p className="text-sm text-gray-600">Loading Santa’s free times…</p>
          ) : (
            <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6">
              {(slots.data?.slots ?? []).map((slot) => (
                <label
                  key={slot.time}
                  className={`flex min-h-11 items-center justify-center rounded-xl border text-sm font-semibold ${
                    !slot.free
                      ? 'cursor-not-allowed border-gray-200 bg-gray-100 text-gray-400 line-through'
                      : time === slot.time
                        ? 'border-santa-700 bg-santa-700 text-white'
                        : 'cursor-pointer border-gray-300 bg-white text-ink hover:border-santa-500'
                  }`}
                >
                  <input
                    type="radio"
                    name="time"
                    value={slot.time}
                    checked={time === slot.time}
                    disabled={!slot.free}
                    onChange={() => setTime(slot.time)}
                    className="sr-only"
                  />
                  {formatLocalTime(slot.time)}
                  {!slot.free ? <span className="sr-only"> (taken)</span> : null}
                </label>
              ))}
            </div>
          )}
        </fieldset>
        {moving ? null : (
          <>
            <fieldset className="mt-4">
              <legend className="text-sm font-semibold text-ink">Who Santa talks to</legend>
              {family.map((child) => (
                <label key={child.id} className="mt-1 flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={childIds.includes(child.id)}
                    onChange={() => toggle(child.id)}
                  />
                  {child.kid_name}
                </label>
              ))}
            </fieldset>
            <label htmlFor="call-phone" className="mt-4 block text-sm font-semibold text-ink">
              Phone Santa rings
            </label>
            {verified.length === 0 ? (
              <p className="text-sm text-gray-700">Verify a family phone on your dashboard first.</p>
            ) : (
              <select
                id="call-phone"
                value={chosenPhone}
                onChange={(event) => {
                  setPhone(event.target.value);
                  setSaidZone('');
                  setTime('');
                }}
                className="mt-1 min-h-11 w-full rounded-xl border border-gray-300 bg-white px-3"
              >
                {verified.map((entry) => (
                  <option key={entry.phone} value={entry.phone}>
                    {formatPhoneNumber(entry.phone)}
                  </option>
                ))}
              </select>
            )}
          </>
        )}
        <p className="mt-3 min-h-6 font-semibold text-santa-700" role="alert">
          {error}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {moving ? 'Move the Call' : 'Schedule the Call'}
          </Button>
          {moving && onDone ? (
            <Button type="button" variant="ghost" onClick={onDone}>
              Keep the old time
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

/**
 * The clock the times are on: the phone's own zone, the one the parent says when the number's area
 * keeps two, or the browser's when the number does not say.
 */
function pickZone(phoneZones: string[], saidZone: string): string {
  if (phoneZones.includes(saidZone)) return saidZone;
  const browser = browserTimeZone();
  if (phoneZones.length === 0 || phoneZones.includes(browser)) return browser;
  return phoneZones[0]!;
}

function PhoneClock({
  zones,
  timeZone,
  onSay,
}: {
  zones: string[];
  timeZone: string;
  onSay: (zone: string) => void;
}) {
  if (zones.length < 2)
    return (
      <p className="mt-1 text-sm text-gray-600">
        Times are {zonePlace(timeZone)} time{zones.length === 1 ? ', where the phone is' : ''}.
      </p>
    );
  return (
    <div className="mt-3">
      <label htmlFor="call-zone" className="block text-sm font-semibold text-ink">
        Which time zone is the phone in?
      </label>
      <p className="text-sm text-gray-600">Its area code has two; Santa calls by the phone’s own clock.</p>
      <select
        id="call-zone"
        value={timeZone}
        onChange={(event) => onSay(event.target.value)}
        className="mt-1 min-h-11 w-full rounded-xl border border-gray-300 bg-white px-3"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zonePlace(zone)} time
          </option>
        ))}
      </select>
    </div>
  );
}
