import { Icon } from './Icon';

/** Verified / not verified marker next to an e-mail address or phone number. */
export function VerifiedBadge({ verified, label }: { verified: boolean; label: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ${verified ? 'bg-herb-50 text-herb-700 ring-1 ring-herb-100' : 'bg-saffron-100 text-ink-800 ring-1 ring-saffron-300'}`}
      data-testid={verified ? 'badge-verified' : 'badge-unverified'}
    >
      <Icon name={verified ? 'check' : 'alert'} className="h-3.5 w-3.5" />
      {label}
    </span>
  );
}
