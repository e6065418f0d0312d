// The booking form (PRODUCT "Booking lifecycle"): occasion, place, guests, date and time, dietary needs, notes and
// a message, with the live price breakdown and the cancellation policy. Visitors are asked to sign in on submit and
// keep their draft (sessionStorage, per menu); create and pay carry an Idempotency-Key.
//
// The form is one schema form (useSchemaForm, shared createBody): its values are the one source of truth. Where it
// starts is the booking settings (the valtio `booking` store) or the cancelled booking being rebooked; what the
// visitor changes on top is unsaved work until the booking is sent, so leaving the page asks first (the leave guard),
// also for typing restored from an earlier page view. The sessionStorage draft (draft.ts) only mirrors the values
// while they hold such typing, or a send that failed (a retry must reuse its Idempotency-Key), so the typing survives
// the sign-in on submit (also a round trip through an OAuth provider) and a reload; it goes once the booking is sent,
// or when the visitor agrees to leave the unsaved work.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { createBody, GUESTS_MAX, GUESTS_MIN, OCCASIONS } from '#shared/schemas/bookings.schema';
import { Button } from '../../components/Button';
import { ChipGroup, FieldErrorList, FormErrors, RadioGroup, SelectField, TextAreaField, TextField } from '../../components/Field';
import { GuestCountSelector } from '../../components/GuestCountSelector';
import { LoadError, Loading } from '../../components/LoadState';
import { ApiError } from '../../lib/api';
import { client, unwrap } from '../../lib/client';
import { isBookable } from '../../lib/booking-window';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { errorsUnder, useSchemaForm } from '../../lib/schema-form';
import { revalidateApi, useApi } from '../../lib/swr';
import { leaveTo, onDiscard } from '../../lib/unsaved-changes';
import { booking } from '../../state/booking';
import { session } from '../../state/session';
import { notify, openSignIn } from '../../state/ui';
import { bookingPaths, payBooking, type BookableMenu, type Booking, type Quote, type Vocabulary } from './bookingsApi';
import { CancellationPolicy } from './CancellationPolicy';
import { DietaryWarning } from './DietaryWarning';
import { availabilityPath, EventDateField, type MenuAvailability } from './EventDateField';
import { clearDraft, draftFromRebook, initialDraft, saveDraft, type BookingDraft } from './draft';

/** The create call's input from the form's values: the address only for an event at the customer's place. */
export function toCreateBody(menuId: number, d: BookingDraft) {
  return {
    menu_id: menuId,
    // Chosen from OCCASIONS; an empty choice, or one since retired kept in a draft, is named at the field.
    occasion: d.occasion as (typeof OCCASIONS)[number],
    at_chefs_place: d.at_chefs_place,
    address: d.at_chefs_place ? null : { street: d.street, zip: d.zip, city: d.city },
    guests: d.guests,
    // No date yet: the schema asks for one.
    starts_at: d.starts_at ?? undefined,
    diets: d.diets,
    allergens: d.allergens,
    kitchen_notes: d.kitchen_notes,
    message: d.message,
    rebook_of: d.rebook_of,
  };
}

export function checkoutTarget(url: string, navigate: (to: string) => void): void {
  if (url.startsWith('/')) navigate(url);
  else leaveTo(url);
}

export default function BookingBeginPage({ params }: PageProps) {
  const t = useT();
  const menuId = params.menuId ?? '';
  const menu = useApi<{ data: BookableMenu }>(/^\d+$/.test(menuId) ? bookingPaths.menu(menuId) : null);
  const lists = useApi<{ data: Vocabulary }>(bookingPaths.lists, { revalidateIfStale: false });
  // A rebooking after the chef cancelled (?rebook=<booking id>): the form starts from that booking. Only its customer
  // reads it; for anyone else the form starts empty.
  const rebookId = new URLSearchParams(useSearch()).get('rebook') ?? '';
  const source = useApi<{ data: Booking }>(/^\d+$/.test(rebookId) ? bookingPaths.detail(rebookId, 'customer') : null);
  usePageHead({ title: menu.data ? t('booking.title', { menu: menu.data.data.name }) : t('screens.booking') });

  if (menu.error) return <LoadError retry={() => menu.mutate()} text={menu.error.status === 404 ? t('booking.menunotfound') : undefined} />;
  if (!menu.data || (/^\d+$/.test(rebookId) && !source.data && !source.error)) return <Loading />;
  const rebook = source.data?.data.rebook;
  return (
    <BookingForm
      key={`${menuId} ${rebook?.booking_id ?? ''}`}
      menuId={menuId}
      menu={menu.data.data}
      rebook={rebook ? draftFromRebook(rebook) : undefined}
      vocabulary={lists.data?.data ?? null}
      retryVocabulary={lists.error && !lists.data ? () => void lists.mutate() : null}
    />
  );
}

function BookingForm({
  menuId,
  menu,
  rebook,
  vocabulary,
  retryVocabulary,
}: {
  menuId: string;
  menu: BookableMenu;
  /** The fields of a booking the chef cancelled, when this is its rebooking. */
  rebook?: Partial<BookingDraft>;
  vocabulary: Vocabulary | null;
  /** Set when the diet and allergen lists failed to load. */
  retryVocabulary: (() => void) | null;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  // A place the menu does not offer (from the search settings, or a draft) becomes the one it does.
  const offered = (atChef: boolean) => menu.at_chef && (atChef || !menu.at_customer);
  const [{ start, kept }] = useState(() => {
    const first = initialDraft(menuId, { guests: booking.expected_guests, starts_at: isBookable(booking.date) ? booking.date : null, at_chefs_place: booking.at_chefs_place }, rebook);
    first.start.at_chefs_place = offered(first.start.at_chefs_place);
    if (first.kept.at_chefs_place !== undefined) first.kept.at_chefs_place = offered(first.kept.at_chefs_place);
    return first;
  });
  // The date field's read (the same swr key, one request): the chef's zone, whose clocks the terms are read on.
  const availability = useApi<{ data: MenuAvailability }>(availabilityPath(menu.id));
  const inRange = (guests: number) => guests >= menu.min_guests && guests <= menu.max_guests;
  const rangeText = t('booking.errors.guests', { min: menu.min_guests, max: menu.max_guests });

  const form = useSchemaForm(
    createBody,
    // The key of this submission is where the form started (kept with the draft); nothing changes it.
    (body) => unwrap(client.bookings.$post({ json: { ...body, starts_at: body.starts_at.toISOString() }, header: { 'idempotency-key': start.idempotency_key } })),
    {
      initial: start,
      kept,
      // The mirror below keeps the typing through a sign-in with Apple, Google or Meta: leaving for it asks nothing.
      stored: true,
      body: (d) => toCreateBody(menu.id, d),
      // This menu's guest range, where the API's own (2 to 100) holds.
      check: ({ guests }) => (Number.isInteger(guests) && guests >= GUESTS_MIN && guests <= GUESTS_MAX && !inRange(guests) ? { guests: [rangeText] } : {}),
      codes: { CHEF_UNAVAILABLE: 'booking.errors.daytaken' },
      onFailure: (failure) => {
        if (failure.code !== 'CHEF_UNAVAILABLE') return;
        // The day was taken meanwhile: the message goes next to the date, and the calendar learns what changed.
        void revalidateApi(availabilityPath(menu.id));
        return { starts_at: [failure.message] };
      },
      onSuccess: async (res) => {
        clearDraft(menuId);
        const detail = routeUrl('account.bookings.detail', { bookingId: res.data.id });
        if (res.next_action === 'pay') {
          try {
            const pay = await payBooking(res.data.id);
            checkoutTarget(pay.data.checkout_url, navigate);
            return;
          } catch (err) {
            notify({ title: t('booking.payfailed'), message: err instanceof ApiError ? err.message : undefined, type: 'error' });
            navigate(detail);
            return;
          }
        }
        notify({ title: t('booking.requestsent'), type: 'success' });
        navigate(detail);
      },
    },
  );
  const d = form.values;
  const guestsInRange = inRange(d.guests);

  // The mirror (see the top of this file).
  useEffect(() => {
    if (form.dirty || form.failure) saveDraft(menuId, d);
    else clearDraft(menuId);
  }, [menuId, d, form.dirty, form.failure]);
  useEffect(() => {
    const off = onDiscard(() => clearDraft(menuId));
    return () => {
      off();
    };
  }, [menuId]);

  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  useEffect(() => {
    if (!guestsInRange) {
      setQuote(null);
      return;
    }
    const ctrl = new AbortController();
    setQuoteError(null);
    unwrap(client.bookings.quote.$post({ json: { menu_id: menu.id, guests: d.guests } }, { init: { signal: ctrl.signal } }))
      .then((res) => setQuote(res.data))
      .catch((err: unknown) => {
        if (err instanceof ApiError) setQuoteError(err.message);
      });
    return () => ctrl.abort();
  }, [menu.id, d.guests, guestsInRange]);

  const occasionOptions = useMemo(
    () => [{ value: '', label: t('booking.chooseoccasion') }, ...OCCASIONS.map((o) => ({ value: o, label: t(`booking.occasions.${o}`) }))],
    [t],
  );
  const placeOptions = [
    ...(menu.at_customer ? [{ value: 'customer' as const, label: t('booking.place.customer') }] : []),
    ...(menu.at_chef ? [{ value: 'chef' as const, label: t('booking.place.chef') }] : []),
  ];

  // A visitor signs in first (the dialog keeps the page and its values), then the form checks and sends.
  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!session.authenticated) openSignIn(() => void form.submit());
    else void form.submit();
  }

  const allergenGuests = (key: string) => d.allergens.find((a) => a.key === key)?.guests;
  const toggleAllergens = (keys: string[]) =>
    form.set(
      'allergens',
      keys.map((key) => ({ key, guests: allergenGuests(key) ?? 1 })),
    );
  const instant = (quote?.booking_mode ?? menu.booking_mode) === 'instant';
  const errors = form.errors;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('booking.title', { menu: menu.name })}</h1>
      <p className="mt-2 text-ink-600">{instant ? t('booking.instantintro') : t('booking.requestintro')}</p>
      {d.rebook_of ? (
        <p role="status" className="mt-3 rounded-xl bg-cream-100 px-4 py-3 text-sm" data-testid="rebook-note">
          {t('booking.rebooknote')}
          {d.rebook_guest_answers ? <> {t('booking.rebookpassport', { count: d.rebook_guest_answers })}</> : null}
        </p>
      ) : null}
      <form {...form.props} onSubmit={submit} className="mt-6 grid gap-8 md:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-6">
          <SelectField {...form.field('occasion')} label={t('booking.occasion')} options={occasionOptions} />

          {placeOptions.length > 0 && (
            <RadioGroup
              name="at_chefs_place"
              legend={t('booking.place.label')}
              options={placeOptions}
              value={d.at_chefs_place ? 'chef' : 'customer'}
              onChange={(v) => form.set('at_chefs_place', v === 'chef')}
              errors={errors.at_chefs_place}
            />
          )}
          {!d.at_chefs_place && (
            <fieldset className="grid gap-4 sm:grid-cols-[2fr_1fr_2fr]">
              <legend className="field-label">{t('booking.address.label')}</legend>
              {/* The address as a whole (missing from the request); its parts are named at their fields. */}
              {errors.address ? (
                <div className="sm:col-span-3">
                  <FieldErrorList name="address" errors={errors.address} />
                </div>
              ) : null}
              <TextField name="address.street" label={t('booking.address.street')} value={d.street} onChange={(v) => form.set('street', v)} autoComplete="street-address" errors={errors['address.street']} />
              <TextField name="address.zip" label={t('booking.address.zip')} value={d.zip} onChange={(v) => form.set('zip', v)} autoComplete="postal-code" errors={errors['address.zip']} />
              <TextField name="address.city" label={t('booking.address.city')} value={d.city} onChange={(v) => form.set('city', v)} autoComplete="address-level2" errors={errors['address.city']} />
            </fieldset>
          )}

          <div>
            <GuestCountSelector label={t('booking.guests')} labelVisible value={d.guests} onChange={(n) => form.set('guests', n)} />
            <p className="mt-1 text-sm text-ink-600">{t('booking.guestrange', { min: menu.min_guests, max: menu.max_guests })}</p>
            <FieldErrorList name="guests" errors={errors.guests ?? (guestsInRange ? undefined : [rangeText])} />
          </div>

          <EventDateField menuId={menu.id} value={d.starts_at} onChange={(iso) => form.set('starts_at', iso)} errors={errors.starts_at} />

          {!vocabulary ? (
            retryVocabulary ? <LoadError retry={retryVocabulary} text={t('booking.errors.lists')} /> : <Loading />
          ) : (
            <>
              <ChipGroup {...form.field('diets')} legend={t('booking.diets')} options={vocabulary.diet} errors={errorsUnder(errors, 'diets')} size="sm" />
              <ChipGroup
                name="allergens"
                legend={t('booking.allergens')}
                options={vocabulary.allergy}
                value={d.allergens.map((a) => a.key)}
                onChange={toggleAllergens}
                errors={errorsUnder(errors, 'allergens')}
                size="sm"
              />
              {d.allergens.length > 0 && (
                <ul className="flex flex-col gap-2">
                  {d.allergens.map((a) => (
                    <li key={a.key}>
                      <TextField
                        name={`allergen-guests-${a.key}`}
                        type="number"
                        min={1}
                        max={d.guests}
                        label={t('booking.allergenguests', { name: vocabulary.allergy.find((x) => x.key === a.key)?.name ?? a.key })}
                        value={String(a.guests)}
                        onChange={(v) => form.set('allergens', d.allergens.map((x) => (x.key === a.key ? { ...x, guests: Math.max(1, Number(v) || 1) } : x)))}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}

          <TextAreaField {...form.field('kitchen_notes')} label={t('booking.kitchennotes')} hint={t('booking.kitchennoteshint')} rows={3} />
          <TextAreaField {...form.field('message')} label={t('booking.message')} rows={4} />
        </div>

        <aside className="flex flex-col gap-4">
          <section aria-labelledby="booking-price" className="rounded-2xl bg-white p-4 shadow">
            <h2 id="booking-price" className="text-lg font-semibold">
              {t('booking.price.title')}
            </h2>
            {quote && guestsInRange ? (
              <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 text-sm" data-testid="price-breakdown">
                <dt>{t('booking.price.perperson')}</dt>
                <dd>{quote.price_per_person_formatted}</dd>
                <dt>{t('booking.price.subtotal', { guests: d.guests })}</dt>
                <dd>{quote.subtotal_formatted}</dd>
                <dt>{t('booking.price.servicefee')}</dt>
                <dd>{quote.service_fee_formatted}</dd>
                <dt className="font-semibold">{t('booking.price.total')}</dt>
                <dd className="font-semibold">{quote.total_formatted}</dd>
                {quote.lc_currency !== quote.currency && (
                  <>
                    <dt className="text-ink-600">{t('booking.price.approx', { currency: quote.lc_currency })}</dt>
                    <dd className="text-ink-600">{quote.total_lc_formatted}</dd>
                  </>
                )}
              </dl>
            ) : quoteError ? (
              <p className="mt-2 text-sm text-red-700">{quoteError}</p>
            ) : (
              <p className="mt-2 text-sm text-ink-600">{guestsInRange ? t('common.loading') : rangeText}</p>
            )}
          </section>
          <CancellationPolicy startsAt={d.starts_at} timeZone={availability.data?.data.timezone} />
          <DietaryWarning menuId={menu.id} diets={d.diets} allergens={d.allergens} />
          <FormErrors errors={form.formErrors} />
          <Button type="submit" loading={form.busy} fullWidth size="lg">
            {instant ? t('booking.submitinstant') : t('booking.submitrequest')}
          </Button>
        </aside>
      </form>
    </div>
  );
}
