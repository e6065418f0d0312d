// The complaint of a booking: the window and the complaint (either party), reporting a problem (the customer), the
// chef's answer, and the complaint's photos (either party and the admins). Mounted at the API root.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { parse } from '../../lib/validate';
import { valid } from '../../lib/validator';
import { bookingId, ID, readCtx } from '../bookings/booking-request.middleware';
import { authenticate, requireUser } from '../session/session.middleware';
import { privateFileResponse } from '../uploads/uploads.service';
import { answerBody, complaintBody } from './complaints.schema';
import { answerComplaint, complaintView, fileComplaint, openComplaintPhoto } from './complaints.service';

const photoParam = v.object({ photo: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a photo id.'), v.transform(Number)) });

export const complaintRoutes = new Hono<AppEnv>()
  .get(`/bookings/${ID}/complaint`, async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await complaintView(c.get('deps'), user, bookingId(c), readCtx(c)) });
  })

  .post(`/bookings/${ID}/complaint`, authenticate, valid('json', complaintBody), async (c) => {
    const user = await requireUser(c);
    const data = await fileComplaint(c.get('deps'), user, bookingId(c), c.req.valid('json'), readCtx(c));
    return c.json({ message: 'Your report was sent. The chef’s payout waits until our team has decided.', data }, 201);
  })

  .put(`/bookings/${ID}/complaint/answer`, authenticate, valid('json', answerBody), async (c) => {
    const user = await requireUser(c);
    const data = await answerComplaint(c.get('deps'), user, bookingId(c), c.req.valid('json').text, readCtx(c));
    return c.json({ message: 'Your answer was saved. The customer and our team can read it.', data });
  })

  .get(`/bookings/${ID}/complaint/photos/:photo`, async (c) => {
    const user = await requireUser(c);
    const { photo } = parse(photoParam, { photo: c.req.param('photo') });
    const p = await openComplaintPhoto(c.get('deps'), user, bookingId(c), photo);
    // Shown in an <img> on the booking and admin pages.
    return privateFileResponse(p.object, p, 'inline');
  });
