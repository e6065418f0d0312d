// The customer's booking (me/bookings/:bookingId) and its messages tab (me/bookings/:bookingId/messages, or the
// seed's #messages hash on the booking).
import type { PageProps } from '../../lib/routes';
import { BookingDetail } from './BookingDetail';

export default function MyBookingPage({ params, screenKey }: PageProps) {
  return <BookingDetail view="customer" bookingId={params.bookingId ?? ''} tab={screenKey === 'messages' ? 'messages' : 'details'} />;
}
