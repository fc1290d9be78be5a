import { useId } from 'react';

/** A snowy night at the North Pole: the striped pole, the workshop with its window lit, pines. */
export function NorthPoleIllustration({ className }: { className?: string }) {
  const stripes = useId();
  return (
    <svg viewBox="0 0 400 240" className={className} aria-hidden="true" focusable="false">
      <defs>
        <pattern
          id={stripes}
          width="12"
          height="12"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(35)"
        >
          <rect width="12" height="12" fill="#fffdf8" />
          <rect width="6" height="12" fill="#b91c1c" />
        </pattern>
      </defs>
      {/* Moon and stars. */}
      <path d="M336 34a20 20 0 1 0 18 30 16 16 0 1 1-18-30Z" fill="#fde68a" />
      <g fill="#fde68a">
        <path d="M60 30l2 6 6 2-6 2-2 6-2-6-6-2 6-2Z" />
        <path d="M200 18l1.5 4.5 4.5 1.5-4.5 1.5-1.5 4.5-1.5-4.5-4.5-1.5 4.5-1.5Z" />
        <circle cx="120" cy="50" r="2" />
        <circle cx="270" cy="40" r="2" />
        <circle cx="30" cy="84" r="1.5" />
        <circle cx="380" cy="96" r="1.5" />
      </g>
      {/* Far hills. */}
      <path d="M0 176c60-30 130-34 200-18s130 10 200-10v92H0Z" fill="#cbdcea" />
      {/* The workshop. */}
      <g>
        <rect x="268" y="112" width="16" height="34" fill="#7f1d1d" />
        <circle cx="282" cy="100" r="7" fill="#e6e9ef" opacity="0.8" />
        <circle cx="292" cy="86" r="9" fill="#e6e9ef" opacity="0.6" />
        <rect x="236" y="140" width="116" height="62" fill="#991b1b" />
        <path d="M226 144l68-46 68 46Z" fill="#fffdf8" />
        <path d="M232 146h124" stroke="#cbdcea" strokeWidth="6" strokeLinecap="round" />
        <rect x="252" y="158" width="30" height="26" rx="3" fill="#fbbf24" />
        <path d="M267 158v26M252 171h30" stroke="#7f1d1d" strokeWidth="3" />
        <rect x="302" y="160" width="32" height="42" rx="16" fill="#7f1d1d" />
        <circle cx="326" cy="182" r="2.5" fill="#fbbf24" />
      </g>
      {/* Pines. */}
      <g fill="#065f46">
        <path d="M40 200l22-56 22 56Z" />
        <path d="M70 206l18-44 18 44Z" />
        <path d="M360 206l16-40 16 40Z" />
      </g>
      <g fill="#fffdf8">
        <path d="M52 172l10-28 10 28-10-5Z" />
        <path d="M80 180l8-18 8 18-8-4Z" />
      </g>
      {/* The pole and its sign. */}
      <rect x="150" y="84" width="14" height="126" rx="4" fill={`url(#${stripes})`} />
      <circle cx="157" cy="80" r="10" fill="#fbbf24" />
      <g transform="rotate(-6 190 120)">
        <rect x="158" y="108" width="84" height="26" rx="4" fill="#7c4a21" />
        <text
          x="200"
          y="126"
          textAnchor="middle"
          fontFamily="'Fraunces Variable', Georgia, serif"
          fontWeight="700"
          fontSize="13"
          fill="#fffdf8"
          letterSpacing="1"
        >
          NORTH POLE
        </text>
      </g>
      {/* Near snow. */}
      <path d="M0 206c70-18 150-20 220-8s120 10 180-4v46H0Z" fill="#fffdf8" />
    </svg>
  );
}
