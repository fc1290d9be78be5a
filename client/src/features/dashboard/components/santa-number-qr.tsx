import { QRCodeSVG } from 'qrcode.react';

/**
 * A `tel:` QR code: the parent points their phone's camera at the screen and the phone offers to
 * call Santa. Its own chunk, loaded only on wide screens (santa-number-card.tsx).
 */
export default function SantaNumberQr({ href }: { href: string }) {
  return (
    <figure className="flex flex-col items-center gap-2 rounded-2xl bg-white p-4 text-ink shadow-md">
      <QRCodeSVG
        value={href}
        size={148}
        level="M"
        marginSize={0}
        fgColor="#1f2937"
        title="QR code that calls Santa's number"
        role="img"
        aria-label="QR code that calls Santa's number"
        data-testid="santa-number-qr"
      />
      <figcaption className="max-w-40 text-center text-sm font-semibold">
        Scan with your phone&rsquo;s camera to call Santa
      </figcaption>
    </figure>
  );
}
