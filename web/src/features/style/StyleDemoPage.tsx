// /sergiostyle: the living style guide. Shows the palette, type scale and every shared primitive in its states, so
// designers and developers can check them in one place.
import { useState, type ReactNode } from 'react';
import { Avatar } from '../../components/Avatar';
import { Button, type ButtonSize, type ButtonVariant } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { MenuCard, MenuCardSkeleton } from '../../components/MenuCard';
import { Modal } from '../../components/Modal';
import type { Menu } from '../../lib/client';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { notify, showAlert } from '../../state/ui';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost', 'danger'];
const SIZES: ButtonSize[] = ['sm', 'md', 'lg'];
const SWATCHES = [
  { name: 'brand', shades: ['bg-brand-50', 'bg-brand-100', 'bg-brand-300', 'bg-brand-500', 'bg-brand-600', 'bg-brand-700', 'bg-brand-900'] },
  { name: 'cream', shades: ['bg-cream-50', 'bg-cream-100', 'bg-cream-200', 'bg-cream-300'] },
  { name: 'ink', shades: ['bg-ink-400', 'bg-ink-600', 'bg-ink-700', 'bg-ink-900'] },
  { name: 'herb / saffron / danger', shades: ['bg-herb-50', 'bg-herb-600', 'bg-saffron-100', 'bg-saffron-300', 'bg-danger-50', 'bg-danger-600'] },
];

const sampleMenu = (id: number, reviews: number, signature = false): Menu => ({
  id,
  chef_id: 1,
  name: signature ? 'Seven-course tasting of the Alps' : 'Risotto, saffron & summer vegetables',
  description: 'Seasonal produce from local farms, cooked in your kitchen and served at your table.',
  review_count: reviews,
  review_avg: reviews ? 4.8 : 0,
  effective_per_person_cost_lc_formatted: signature ? 'CHF 145.00' : 'CHF 89.00',
  image: null,
  chef: {
    data: {
      id: 1,
      uri: 'anna-muster-1',
      firstname: 'Anna',
      lastname: 'Muster',
      display_location: 'Zürich',
      is_pro: !signature,
      is_signature: signature,
      is_verified: true,
      verified_at: null,
      review_count: reviews,
      review_avg: reviews ? 4.8 : 0,
      user_public: { data: { firstname: 'Anna', avatar: null } },
    },
  },
});

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-6" aria-label={title}>
      <h2 className="mb-4 text-xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

export default function StyleDemoPage() {
  const t = useT();
  usePageHead({ title: t('styledemo.title') });
  const [modalOpen, setModalOpen] = useState(false);
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-4xl font-extrabold">{t('styledemo.title')}</h1>
        <p className="mt-2 max-w-2xl text-ink-700">{t('styledemo.intro')}</p>
      </header>

      <Section title={t('styledemo.buttons')}>
        <div className="space-y-4">
          {SIZES.map((size) => (
            <div key={size} className="flex flex-wrap items-center gap-3">
              <span className="w-8 text-sm font-mono text-ink-600">{size}</span>
              {VARIANTS.map((variant) => (
                <Button key={variant} variant={variant} size={size}>
                  {variant}
                </Button>
              ))}
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <span className="w-8 text-sm font-mono text-ink-600">state</span>
            <Button loading>loading</Button>
            <Button variant="outline" loading>
              loading
            </Button>
            <Button disabled>disabled</Button>
            <Button variant="outline" disabled>
              disabled
            </Button>
            <Button variant="secondary" icon={<Icon name="search" className="h-4 w-4" />}>
              icon
            </Button>
            <Button variant="primary" onClick={() => wait(1200)}>
              {t('styledemo.asyncbutton')}
            </Button>
            <Button variant="ghost" onClick={() => wait(50)}>
              {t('styledemo.fastbutton')}
            </Button>
          </div>
        </div>
      </Section>

      <Section title={t('styledemo.colors')}>
        <div className="space-y-3">
          {SWATCHES.map((group) => (
            <div key={group.name} className="flex flex-wrap items-center gap-2">
              <span className="w-44 text-sm font-mono text-ink-600">{group.name}</span>
              {group.shades.map((shade) => (
                <span key={shade} title={shade} className={`h-10 w-16 rounded-lg ring-1 ring-black/5 ${shade}`} />
              ))}
            </div>
          ))}
        </div>
      </Section>

      <Section title={t('styledemo.typography')}>
        <p className="text-5xl font-extrabold tracking-tight">Aa – Headline</p>
        <p className="mt-2 text-3xl font-bold">Section title</p>
        <p className="mt-2 text-xl font-semibold">Card title</p>
        <p className="mt-2 text-base text-ink-900">Body text in ink-900 on white for long reading.</p>
        <p className="mt-1 text-sm text-ink-600">Secondary text in ink-600.</p>
        <a href="#typography" className="mt-1 inline-block font-semibold text-brand-700 link-underline">
          Link in brand-700
        </a>
      </Section>

      <Section title={t('styledemo.feedback')}>
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => notify({ title: 'Welcome!', message: 'We are glad to have you on board.', type: 'success' })}>
            success notification
          </Button>
          <Button variant="outline" onClick={() => notify({ title: 'Could not sign up', message: 'Please check the form.' })}>
            error notification
          </Button>
          <Button variant="outline" onClick={() => showAlert({ message: 'Password reset is being sent', busy: true, closeAfter: 3000 })}>
            info alert
          </Button>
          <Button variant="outline" onClick={() => showAlert({ message: "Alright! We've sent you an email with further instructions.", type: 'success' })}>
            success alert
          </Button>
          <Button variant="secondary" onClick={() => setModalOpen(true)}>
            {t('styledemo.openmodal')}
          </Button>
        </div>
        <Modal open={modalOpen} onClose={() => setModalOpen(false)} title={t('styledemo.modaltitle')} footer={<Button onClick={() => setModalOpen(false)}>{t('common.close')}</Button>}>
          <p className="text-ink-700">{t('styledemo.modaltext')}</p>
        </Modal>
      </Section>

      <Section title={t('styledemo.avatars')}>
        <div className="flex flex-wrap items-end gap-4">
          <Avatar name="Anna Muster" size="xs" />
          <Avatar name="Anna Muster" size="sm" />
          <Avatar name="Luca Bianchi" size="md" />
          <Avatar name="Sophie Martin" size="lg" />
          <Avatar name="Jonas" size="xl" labelled />
        </div>
      </Section>

      <Section title={t('styledemo.cards')}>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <MenuCard menu={sampleMenu(1, 12)} />
          <MenuCard menu={sampleMenu(2, 0, true)} />
          <MenuCardSkeleton />
        </div>
      </Section>
    </div>
  );
}
