// The chef's booking (me/chefbookings/:bookingId); #messages opens the thread.
import type { PageProps } from '../../lib/routes';
import { BookingDetail } from './BookingDetail';

export default function ChefBookingPage({ params }: PageProps) {
  return <BookingDetail view="chef" bookingId={params.bookingId ?? ''} />;
}
