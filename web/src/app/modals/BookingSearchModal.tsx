// Booking search (seed §2, §4, §5): four collapsible sections in order: what (at the customer's place or at the
// chef's), guest count, region, date and time. Each has a continue button (enabled for guests, region and date only
// once they have a value); the final "find a chef" button appears once every section is closed and works only with a
// region and a date. Choices go straight into the booking settings, so they survive a reload; a restored search that
// has a region and a date starts with every section closed.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { DateTimePicker, preloadDateTimePicker } from '../../components/DateTimePicker';
import { EditSection } from '../../components/EditSection';
import { GuestCountSelector, isValidGuestCount } from '../../components/GuestCountSelector';
import { Icon, type IconName } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { RegionSelector } from '../../components/RegionSelector';
import { bookableDateOrNull, MARKET_TIMEZONE } from '../../lib/booking-window';
import { formatEventTime } from '../../lib/event-time';
import { useLocale, useT } from '../../lib/i18n';
import { regionLabel } from '../../lib/region';
import { routeUrl } from '../../lib/routes';
import { booking, updateBooking, useBooking, type BookingSettings } from '../../state/booking';

/** Seed §4: the sections in order, then "closed". */
export const BOOKING_SECTIONS = ['type', 'guests', 'region', 'date'] as const;
export type BookingStep = (typeof BOOKING_SECTIONS)[number] | 'closed';

/** A restored search with a region and a (still bookable) date starts closed; anything else starts at the first section. */
export function initialStep(settings: Pick<BookingSettings, 'region' | 'date'>, now: Date = new Date()): BookingStep {
  return settings.region && bookableDateOrNull(settings.date, now) ? 'closed' : 'type';
}

/** Where "find a chef" leads: chefs.near for an event at the chef's place, chefs.nearme otherwise (seed §2). */
export function searchTarget(settings: Pick<BookingSettings, 'region' | 'at_chefs_place'>): string | null {
  if (!settings.region) return null;
  return routeUrl(settings.at_chefs_place ? 'chefs.near' : 'chefs.nearme', { regionId: settings.region.id });
}

function PlaceOption({ checked, onChange, icon, title, text }: { checked: boolean; onChange: () => void; icon: IconName; title: string; text: string }) {
  // The chosen place is the search's first field, where the dialog puts the focus when it opens (Modal's data-autofocus).
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-2xl p-4 ring-1 transition-colors focus-within:outline focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-700 ${
        checked ? 'bg-brand-50 ring-2 ring-brand-600' : 'bg-white ring-cream-300 hover:bg-cream-100'
      }`}
    >
      <input type="radio" name="booking-place" checked={checked} onChange={onChange} className="sr-only" data-autofocus={checked ? '' : undefined} />
      <Icon name={icon} className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
      <span className="min-w-0 flex-1">
        <span className="block font-bold text-ink-900">{title}</span>
        <span className="block text-sm text-ink-700">{text}</span>
      </span>
      <Icon name="check" className={`h-5 w-5 shrink-0 text-brand-700 ${checked ? '' : 'invisible'}`} />
    </label>
  );
}

export default function BookingSearchModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const settings = useBooking();
  const [step, setStep] = useState<BookingStep>(() => initialStep(booking));
  // The guest field may hold an out-of-range draft while typing; the settings only take valid counts.
  const [guests, setGuests] = useState(settings.expected_guests);
  const date = bookableDateOrNull(settings.date);
  const region = settings.region;
  const notChosen = t('bookingsearch.notchosen');

  const find = () => {
    const target = searchTarget(settings);
    if (!target || !date) return;
    onClose();
    navigate(target);
  };

  return (
    <Modal open onClose={onClose} title={t('bookingsearch.title')} description={t('bookingsearch.intro')} size="lg">
      {/* The focus starts on the first field, not the close button: the chosen place, or with every section closed the
          first section's edit button. */}
      <div className="flex flex-col gap-3" data-testid="booking-search" data-autofocus={step === 'type' ? undefined : ''}>
        <EditSection
          step={1}
          testId="section-type"
          title={t('bookingsearch.type.title')}
          summary={settings.at_chefs_place ? t('bookingsearch.type.atchef') : t('bookingsearch.type.athome')}
          open={step === 'type'}
          onOpen={() => setStep('type')}
          onContinue={() => setStep('guests')}
        >
          <fieldset>
            <legend className="sr-only">{t('bookingsearch.type.title')}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <PlaceOption
                checked={!settings.at_chefs_place}
                onChange={() => updateBooking({ at_chefs_place: false })}
                icon="users"
                title={t('bookingsearch.type.athome')}
                text={t('bookingsearch.type.athometext')}
              />
              <PlaceOption
                checked={settings.at_chefs_place}
                onChange={() => updateBooking({ at_chefs_place: true })}
                icon="chefhat"
                title={t('bookingsearch.type.atchef')}
                text={t('bookingsearch.type.atcheftext')}
              />
            </div>
          </fieldset>
        </EditSection>

        <EditSection
          step={2}
          testId="section-guests"
          title={t('bookingsearch.guests.title')}
          summary={t('bookingbar.guests', { count: settings.expected_guests })}
          open={step === 'guests'}
          onOpen={() => setStep('guests')}
          onContinue={() => setStep('region')}
          continueDisabled={!(guests > 0 && isValidGuestCount(guests))}
        >
          <GuestCountSelector
            label={t('bookingsearch.guests.title')}
            value={guests}
            onChange={(count) => {
              setGuests(count);
              if (isValidGuestCount(count)) updateBooking({ expected_guests: count });
            }}
          />
        </EditSection>

        <EditSection
          step={3}
          testId="section-region"
          title={t('bookingsearch.region.title')}
          summary={region ? regionLabel(region) : notChosen}
          open={step === 'region'}
          onOpen={() => setStep('region')}
          onContinue={() => setStep('date')}
          continueDisabled={!region}
        >
          <RegionSelector label={t('bookingsearch.region.label')} value={region} onChange={(next) => updateBooking({ region: next })} autoFocus />
        </EditSection>

        <div onPointerEnter={preloadDateTimePicker} onFocus={preloadDateTimePicker}>
          <EditSection
            step={4}
            testId="section-date"
            title={t('bookingsearch.date.title')}
            summary={date ? formatEventTime(date, MARKET_TIMEZONE, locale) : notChosen}
            open={step === 'date'}
            onOpen={() => setStep('date')}
            onContinue={() => setStep('closed')}
            continueDisabled={!date}
          >
            <DateTimePicker label={t('bookingsearch.date.title')} value={date} onChange={(iso) => updateBooking({ date: iso })} />
          </EditSection>
        </div>

        {step === 'closed' ? (
          <div className="mt-3 flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-ink-700" data-testid="booking-search-hint">
              {region && date ? t('bookingsearch.ready') : t('bookingsearch.missing')}
            </p>
            <Button size="lg" onClick={find} disabled={!region || !date} icon={<Icon name="search" className="h-5 w-5" />} data-testid="booking-search-find">
              {t('bookingsearch.find')}
            </Button>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
