// The tier badge of a chef (seed §1, §2): "Signature" for Signature chefs, "PRO" for Professionals, nothing for the
// Chef tier. A tooltip says what the tier means.
import { useT } from '../lib/i18n';
import { Tooltip } from './Popover';

export type ChefTier = 'signature' | 'pro' | 'chef';

export const chefTier = (chef: { is_pro?: boolean | null; is_signature?: boolean | null } | null | undefined): ChefTier =>
  chef?.is_signature ? 'signature' : chef?.is_pro ? 'pro' : 'chef';

const sizes = { sm: 'px-2 py-0.5 text-xs', md: 'px-2.5 py-1 text-sm' };

export function ChefBadge({
  chef,
  size = 'sm',
  tooltip = true,
  className = '',
}: {
  chef: { is_pro?: boolean | null; is_signature?: boolean | null } | null | undefined;
  size?: keyof typeof sizes;
  /** Off inside links and cards, where a focusable tooltip would be a second tab stop. */
  tooltip?: boolean;
  className?: string;
}) {
  const t = useT();
  const tier = chefTier(chef);
  if (tier === 'chef') return null;
  const badge = (
    <span
      data-testid="chef-badge"
      className={`inline-flex shrink-0 items-center rounded-full font-bold ${sizes[size]} ${
        tier === 'signature' ? 'bg-ink-900 text-saffron-300' : 'bg-brand-600 text-white'
      } ${className}`}
    >
      {tier === 'signature' ? t('chef.signature') : t('chef.pro')}
    </span>
  );
  if (!tooltip) return badge;
  return <Tooltip text={tier === 'signature' ? t('chefbadge.signaturehint') : t('chefbadge.prohint')}>{badge}</Tooltip>;
}
