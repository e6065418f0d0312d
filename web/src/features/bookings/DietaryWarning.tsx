// The booking form's dietary warning: the diets and allergens the customer chose, held against the menu with the
// server's own rule (shared/dietary.ts), so it names the same conflicts in the same words as the chef's booking page.
// It reads the menu and the lists from the cache the form filled (same keys), so it costs no request of its own.
import { dietaryConflicts } from '#shared/dietary';
import { useT } from '../../lib/i18n';
import { useApi } from '../../lib/swr';
import { DietaryLines } from './BookingParts';
import { bookingPaths, type BookableMenu, type Vocabulary } from './bookingsApi';

type Named = { key: string; name: string };

export function DietaryWarning({ menuId, diets, allergens }: { menuId: number; diets: string[]; allergens: { key: string; guests: number }[] }) {
  const t = useT();
  const menu = useApi<{ data: BookableMenu }>(bookingPaths.menu(menuId), { revalidateIfStale: false }).data?.data;
  const lists = useApi<{ data: Vocabulary }>(bookingPaths.lists, { revalidateIfStale: false }).data?.data;
  if (!menu || (!diets.length && !allergens.length)) return null;

  const courses = (menu.items?.data ?? []).map((c) => ({ id: c.id, course_type: c.course_type, name: c.name, allergens: c.allergens.data.map((a) => a.key) }));
  const result = dietaryConflicts({ diets, allergens }, { diets: (menu.diets?.data ?? []).map((d) => d.key), courses });
  if (!result.hasConflict) return null;
  const nameOf = (list: Named[] | undefined, key: string) => list?.find((x) => x.key === key)?.name ?? key;

  return (
    <section role="status" aria-labelledby="dietary-warning-title" className="rounded-2xl bg-red-50 p-4 text-sm ring-1 ring-red-200" data-testid="dietary-warning">
      <h2 id="dietary-warning-title" className="font-semibold text-red-900">
        {t('booking.dietarywarning.title')}
      </h2>
      <DietaryLines
        diets={result.diets.filter((d) => !d.menu_has_diet).map((d) => ({ ...d, name: nameOf(lists?.diet, d.key) }))}
        allergens={result.allergens.filter((a) => a.conflict).map((a) => ({ ...a, name: nameOf(lists?.allergy, a.key) }))}
      />
      <p className="mt-2 text-ink-700">{t('booking.dietarywarning.hint')}</p>
    </section>
  );
}
