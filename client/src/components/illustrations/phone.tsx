/** A phone ringing with Santa's call: the moment the product is for. */
export function PhoneIllustration({ className, childName }: { className?: string; childName?: string }) {
  return (
    <svg viewBox="0 0 220 300" className={className} aria-hidden="true" focusable="false">
      {/* Rings of sound around the phone. */}
      <g fill="none" stroke="#fbbf24" strokeWidth="5" strokeLinecap="round" opacity="0.9">
        <path d="M30 70a60 60 0 0 0 0 80" />
        <path d="M14 56a82 82 0 0 0 0 108" opacity="0.5" />
        <path d="M190 70a60 60 0 0 1 0 80" />
        <path d="M206 56a82 82 0 0 1 0 108" opacity="0.5" />
      </g>
      <rect x="50" y="14" width="120" height="240" rx="22" fill="#1f2937" />
      <rect x="58" y="26" width="104" height="216" rx="14" fill="#13233f" />
      <rect x="94" y="32" width="32" height="6" rx="3" fill="#1f2937" />
      <text x="110" y="64" textAnchor="middle" fontSize="10" fill="#cbdcea" fontFamily="sans-serif">
        {childName ? `Calling ${childName}…` : 'Incoming call'}
      </text>
      {/* Santa's round portrait on the call screen. */}
      <circle cx="110" cy="108" r="28" fill="#fffdf8" />
      <path d="M86 104c2-18 14-28 28-28 12 0 22 8 24 20-6-2-12-2-16 0l4 8Z" fill="#b91c1c" />
      <rect x="82" y="98" width="56" height="10" rx="5" fill="#fffdf8" stroke="#e6e9ef" />
      <circle cx="140" cy="96" r="6" fill="#fffdf8" stroke="#e6e9ef" />
      <ellipse cx="110" cy="118" rx="14" ry="10" fill="#f6c9a8" />
      <path d="M96 122c2 14 26 14 28 0-4 4-24 4-28 0Z" fill="#e6e9ef" />
      <text
        x="110"
        y="160"
        textAnchor="middle"
        fontSize="15"
        fontWeight="700"
        fill="#fffdf8"
        fontFamily="'Fraunces Variable', Georgia, serif"
      >
        Santa Claus
      </text>
      <text x="110" y="176" textAnchor="middle" fontSize="10" fill="#cbdcea" fontFamily="sans-serif">
        North Pole
      </text>
      {/* Decline and answer. */}
      <circle cx="84" cy="212" r="15" fill="#b91c1c" />
      <circle cx="136" cy="212" r="15" fill="#047857" />
      <path d="M128 208c4 8 8 10 14 12l3-4-5-3-2 2c-3-1-5-4-6-6l2-2-3-5Z" fill="#fffdf8" />
      <path d="M77 214c5-5 9-5 14 0l-2 3h-10Z" fill="#fffdf8" />
    </svg>
  );
}
