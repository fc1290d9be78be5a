import { lazy, Suspense } from 'react';
import type { HotlineNumber } from '@santa/shared/santa';
import { SANTA_CONTACT_FILENAME } from '@santa/shared/santa';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { formatPhoneNumber, telHref } from '@/lib/format';
import { paths } from '@/lib/paths';
import { ACTION_CLASSES, ContactIcon, CopyNumberButton, PhoneIcon } from './copy-number-button';
import { useSantaNumberDisplay } from './format-santa-number';
import { useMediaQuery } from './use-media-query';

// Its own chunk: phones never download the QR code library, and the landing page never does.
const SantaNumberQr = lazy(() => import('./santa-number-qr'));

/** Wide enough that the parent is likely at a computer, with a phone in their hand to scan. */
const DESKTOP = '(min-width: 768px)';

interface SantaNumberCardProps {
  hotline: HotlineNumber;
  /** Null for a family that has talked to Santa only in the browser so far. */
  parentPhone: string | null;
}

export function SantaNumberCard({ hotline, parentPhone }: SantaNumberCardProps) {
  const isDedicated = hotline.type === 'dedicated';
  const isDesktop = useMediaQuery(DESKTOP);
  const href = telHref(hotline.phone_number);
  const display = useSantaNumberDisplay(hotline.phone_number);
  return (
    <section
      aria-labelledby="santa-number-heading"
      className="flex flex-col gap-6 rounded-2xl bg-gradient-to-br from-santa-600 to-santa-800 p-5 text-white sm:p-6 shadow-lg md:flex-row md:items-center md:justify-between"
    >
      <div className="min-w-0">
        <h2
          id="santa-number-heading"
          className="text-sm font-semibold tracking-wide text-santa-100 uppercase"
        >
          Santa's Phone Number
        </h2>
        <a
          href={href}
          className="mt-2 inline-flex min-h-tap items-center rounded font-display text-3xl font-bold break-words text-white underline-offset-4 hover:underline focus-visible:outline-white sm:text-4xl"
        >
          {display}
        </a>
        <p className="mt-2 text-santa-50">
          {isDedicated ? (
            <>
              Your <strong className="text-white">dedicated</strong> Santa line, open anytime.
            </>
          ) : (
            <>
              The Santa <strong className="text-white">hotline</strong>, shared by families.
            </>
          )}{' '}
          {parentPhone ? (
            <>Call it from {formatPhoneNumber(parentPhone)} so Santa recognises you.</>
          ) : (
            <>
              To call it, add your phone under{' '}
              <Link to={paths.family} className="font-semibold text-white underline underline-offset-2">
                Family
              </Link>{' '}
              so Santa recognises you.
            </>
          )}
        </p>
        {/* Two by two on a phone: four full-width buttons would fill the screen. */}
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
          <ButtonLink to={paths.talk} variant="light" size="sm" className="sm:px-5 sm:text-base">
            Talk to Santa here
          </ButtonLink>
          {isDesktop ? null : (
            <a href={href} className={ACTION_CLASSES}>
              <PhoneIcon />
              Call Santa now
            </a>
          )}
          <CopyNumberButton number={hotline.phone_number} />
          <a href="/api/santa/contact.vcf" download={SANTA_CONTACT_FILENAME} className={ACTION_CLASSES}>
            <ContactIcon />
            Add Santa to contacts
          </a>
        </div>
      </div>
      {isDesktop ? (
        <Suspense
          fallback={<div className="h-52 w-44 shrink-0 rounded-2xl bg-white/20" aria-hidden="true" />}
        >
          <div className="shrink-0">
            <SantaNumberQr href={href} />
          </div>
        </Suspense>
      ) : null}
    </section>
  );
}
