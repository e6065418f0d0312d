// Accepted payment methods (seed §1): Mastercard, Visa, Apple Pay and TWINT, drawn as inline SVG so the page loads no
// third-party images. Each logo is one labelled image. TWINT's wordmark has a fixed length, so a wider fallback font
// (no system-ui on Linux) cannot push it past its badge.
import type { ReactNode } from 'react';

function Logo({ label, children, viewBox = '0 0 64 40' }: { label: string; children: ReactNode; viewBox?: string }) {
  return (
    <svg viewBox={viewBox} role="img" aria-label={label} className="h-10 w-16 shrink-0" focusable="false" data-testid="payment-logo">
      <title>{label}</title>
      {children}
    </svg>
  );
}

const cardFrame = <rect x="0.5" y="0.5" width="63" height="39" rx="6" fill="#fff" stroke="#ead3bd" />;

export function MastercardLogo() {
  // Two overlapping circles; the lens where they meet is the two arcs between their intersection points.
  return (
    <Logo label="Mastercard">
      {cardFrame}
      <circle cx="26" cy="20" r="11" fill="#eb001b" />
      <circle cx="38" cy="20" r="11" fill="#f79e1b" />
      <path d="M32 10.78A11 11 0 0 1 32 29.22 11 11 0 0 1 32 10.78Z" fill="#ff5f00" />
    </Logo>
  );
}

export function VisaLogo() {
  return (
    <Logo label="Visa">
      {cardFrame}
      <path
        fill="#1a1f71"
        d="M27.3 14.2 23.8 25.8h-3.2l-1.7-8.9c-.1-.6-.3-.8-.8-1.1-.8-.4-2-.8-3.1-1l.1-.6h5.1c.7 0 1.2.4 1.4 1.2l1.3 6.6 3.1-7.8zm4.4 0-2.5 11.6h-3l2.5-11.6zm7.3 7.8c0-3.1-4.3-3.2-4.3-4.6 0-.4.4-.9 1.3-1 .5-.1 1.7-.1 3 .5l.5-2.5c-.7-.3-1.7-.5-2.8-.5-3 0-5.1 1.6-5.1 3.9 0 1.7 1.5 2.6 2.6 3.2 1.2.6 1.6.9 1.6 1.4 0 .8-.9 1.1-1.8 1.2-1.5 0-2.4-.4-3.1-.7l-.5 2.6c.7.3 2 .6 3.3.6 3.2 0 5.3-1.6 5.3-4.1zm7.9 3.8h2.7l-2.3-11.6h-2.5c-.6 0-1 .3-1.3.8l-4.4 10.8h3.1l.6-1.7h3.8zm-3.3-4.1 1.6-4.4.9 4.4z"
      />
    </Logo>
  );
}

export function ApplePayLogo() {
  return (
    <Logo label="Apple Pay">
      <rect x="0.5" y="0.5" width="63" height="39" rx="6" fill="#000" stroke="#000" />
      <path
        fill="#fff"
        d="M17.6 14.6c.6-.7 1-1.7.9-2.6-.9 0-1.9.6-2.5 1.3-.6.6-1 1.6-.9 2.6.9.1 1.9-.5 2.5-1.3zm.9 1.4c-1.4-.1-2.6.8-3.2.8-.7 0-1.7-.8-2.8-.7-1.4 0-2.8.8-3.5 2.1-1.5 2.6-.4 6.5 1.1 8.6.7 1 1.6 2.2 2.7 2.1 1.1 0 1.5-.7 2.8-.7s1.7.7 2.8.7c1.2 0 1.9-1 2.6-2.1.8-1.2 1.2-2.3 1.2-2.4 0 0-2.3-.9-2.3-3.5 0-2.2 1.8-3.2 1.9-3.3-1-1.5-2.6-1.7-3.3-1.6z"
      />
      <text x="25" y="25.5" fill="#fff" fontFamily="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" fontSize="12" fontWeight="600">
        Pay
      </text>
    </Logo>
  );
}

export function TwintLogo() {
  return (
    <Logo label="TWINT">
      <rect x="0.5" y="0.5" width="63" height="39" rx="6" fill="#000" stroke="#000" />
      <rect x="7" y="12" width="16" height="16" rx="4" fill="#fff" />
      <path d="M12 15.5v9l7.5-4.5z" fill="#00a9e0" />
      <path d="M12 15.5v4.5l3.75 2.25z" fill="#ff6b00" />
      <path d="M12 20v4.5l3.75-2.25z" fill="#64bf46" />
      <text x="26" y="24.5" fill="#fff" fontFamily="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" fontSize="10" fontWeight="800" textLength="31" lengthAdjust="spacingAndGlyphs">
        TWINT
      </text>
    </Logo>
  );
}

const LOGOS = [
  ['mastercard', MastercardLogo],
  ['visa', VisaLogo],
  ['applepay', ApplePayLogo],
  ['twint', TwintLogo],
] as const;

export function PaymentLogos({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex flex-wrap items-center gap-3 ${className}`}>
      {LOGOS.map(([key, Component]) => (
        <li key={key}>
          <Component />
        </li>
      ))}
    </ul>
  );
}
