import { useId } from 'react';

export type SantaLook = 'traditional' | 'modern' | 'mixed';

interface SantaProps {
  className?: string;
  /** Each personality has its own touch: spectacles, a headset, or holly on the hat. */
  look?: SantaLook;
  /** Santa holding a phone to his ear: the product in one picture. */
  withPhone?: boolean;
}

const SKIN = '#f6c9a8';
const CHEEK = '#ee9a8c';
const FUR = '#fffdf8';
const FUR_SHADE = '#e6e9ef';
const RED = '#b91c1c';
const RED_DARK = '#7f1d1d';
const INK = '#1f2937';

/** Santa, head and shoulders. Decorative: the text beside it says what matters. */
export function SantaIllustration({ className, look = 'traditional', withPhone = false }: SantaProps) {
  const coat = useId();
  return (
    <svg viewBox="0 0 240 260" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={coat} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={RED} />
          <stop offset="1" stopColor={RED_DARK} />
        </linearGradient>
      </defs>
      {/* Coat and its fur trim. */}
      <path d="M26 260c4-44 40-66 76-66h36c36 0 72 22 76 66Z" fill={`url(#${coat})`} />
      <path d="M110 206h20v54h-20Z" fill={FUR} />
      <circle cx="120" cy="228" r="4" fill={INK} />
      <circle cx="120" cy="248" r="4" fill={INK} />
      {/* Face. */}
      <ellipse cx="120" cy="134" rx="46" ry="42" fill={SKIN} />
      <circle cx="92" cy="146" r="10" fill={CHEEK} opacity="0.7" />
      <circle cx="148" cy="146" r="10" fill={CHEEK} opacity="0.7" />
      {/* The beard: a soft cloud with a scalloped edge. */}
      <path
        d="M70 138c-8 34 4 70 24 88 8 8 18 14 26 14s18-6 26-14c20-18 32-54 24-88-8 18-26 28-50 28s-42-10-50-28Z"
        fill={FUR}
      />
      <g fill={FUR}>
        <circle cx="78" cy="196" r="12" />
        <circle cx="92" cy="218" r="13" />
        <circle cx="120" cy="236" r="14" />
        <circle cx="148" cy="218" r="13" />
        <circle cx="162" cy="196" r="12" />
      </g>
      <path
        d="M96 204c8 14 40 14 48 0"
        stroke={FUR_SHADE}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <path d="M106 174c8 7 20 7 28 0" stroke="#9b2c2c" strokeWidth="4" fill="none" strokeLinecap="round" />
      {/* Moustache, nose, eyes and brows. */}
      <path
        d="M120 156c-10-10-30-10-38 6 12-2 24 2 38 0 14 2 26-2 38 0-8-16-28-16-38-6Z"
        fill={FUR}
        stroke={FUR_SHADE}
        strokeWidth="2"
      />
      <circle cx="120" cy="146" r="9" fill="#e8907e" />
      <path
        d="M97 128q8-8 16 0M127 128q8-8 16 0"
        stroke="#3b2a20"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M92 116q10-8 22-2M126 114q12-6 22 2"
        stroke={FUR}
        strokeWidth="7"
        fill="none"
        strokeLinecap="round"
      />
      {look === 'traditional' ? (
        <g stroke="#a16207" strokeWidth="3" fill="#fffdf8" fillOpacity="0.25">
          <circle cx="105" cy="130" r="12" />
          <circle cx="135" cy="130" r="12" />
          <path d="M117 130h6" fill="none" />
        </g>
      ) : null}
      {/* The hat, its brim and pompom. */}
      <path
        d="M58 98c4-44 36-74 78-74 38 0 62 24 70 56-14-8-28-10-38-4 10 6 16 14 18 22Z"
        fill={`url(#${coat})`}
      />
      <rect x="46" y="88" width="148" height="28" rx="14" fill={FUR} />
      <path d="M58 108h124" stroke={FUR_SHADE} strokeWidth="3" strokeLinecap="round" />
      <circle cx="206" cy="84" r="15" fill={FUR} stroke={FUR_SHADE} strokeWidth="2" />
      {look === 'mixed' ? (
        <g>
          <path d="M70 92c-10-8-12-18-4-24 4 8 10 12 18 12-6 4-10 8-14 12Z" fill="#047857" />
          <path d="M82 90c2-12 10-18 18-14-6 4-8 10-8 18-4-2-6-3-10-4Z" fill="#065f46" />
          <circle cx="80" cy="94" r="5" fill={RED} />
          <circle cx="88" cy="96" r="4" fill={RED_DARK} />
        </g>
      ) : null}
      {look === 'modern' ? (
        <g fill="none" stroke={INK} strokeWidth="6" strokeLinecap="round">
          <path d="M70 124c0-36 100-36 100 0" />
          <rect x="60" y="120" width="16" height="28" rx="8" fill={INK} />
          <rect x="164" y="120" width="16" height="28" rx="8" fill={INK} />
          <path d="M70 148c4 16 18 24 34 24" strokeWidth="4" />
          <circle cx="106" cy="172" r="4" fill={INK} />
        </g>
      ) : null}
      {withPhone ? (
        <g>
          <rect x="162" y="118" width="30" height="56" rx="7" fill={INK} transform="rotate(14 177 146)" />
          <rect x="167" y="126" width="20" height="36" rx="3" fill="#fbbf24" transform="rotate(14 177 146)" />
          <path d="M168 196c-4-14 4-26 16-28 12-2 22 6 22 18 0 10-8 18-18 20-8 2-16-2-20-10Z" fill={FUR} />
          <path d="M160 206c6-6 16-8 26-4l6 16h-36Z" fill={RED_DARK} />
        </g>
      ) : null}
    </svg>
  );
}
