import type { Executor } from '../db/client';
import { supportCannedReplies, supportConversations, supportMessages, type users } from '../db/schema';

// Chat support's demo data (issue 39): canned replies the team reuses, and conversations of the demo
// accounts' so the admin inbox of `npm start` shows each state: one waiting for the customer (with an
// internal note), one closed, and one from a guest still unassigned. Ids come from the seed's own
// generator, so a seed run twice with one date writes the same rows.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEMO_CANNED_REPLIES = [
  {
    title: 'Refund timing',
    body: 'Refunds go back to the card you paid with. Most banks show them within 5 working days.',
  },
  {
    title: 'How escrow works',
    body: 'Your payment is held safely until the work is done. It is released to the tradesperson when you approve it, or automatically after the protection window.',
  },
  {
    title: 'Anything else?',
    body: 'Is there anything else I can help you with today?',
  },
];

export async function insertDemoSupport(
  tx: Executor,
  input: { now: Date; uuid: () => string; users: readonly (typeof users.$inferInsert)[] },
): Promise<void> {
  const { now, uuid } = input;
  const idOf = (email: string) => input.users.find((u) => u.email === email)?.id;
  const customerId = idOf('customer@tradenest.demo');
  const tradespersonId = idOf('tradesperson@tradenest.demo');
  const adminId = idOf('admin@tradenest.demo');
  if (!customerId || !tradespersonId || !adminId) return;
  const at = (ago: number) => new Date(now.getTime() - ago);

  await tx.insert(supportCannedReplies).values(
    DEMO_CANNED_REPLIES.map((reply, i) => ({
      id: uuid(),
      ...reply,
      createdBy: adminId,
      createdAt: at(30 * 24 * HOUR - i * MINUTE),
      updatedAt: at(30 * 24 * HOUR - i * MINUTE),
    })),
  );

  const waiting = uuid();
  const closed = uuid();
  const guest = uuid();
  await tx.insert(supportConversations).values([
    {
      id: waiting,
      userId: customerId,
      subject: 'When will my refund arrive?',
      origin: 'chat',
      status: 'waiting',
      assignedAdminId: adminId,
      firstResponseAt: at(3 * HOUR - 12 * MINUTE),
      createdAt: at(3 * HOUR),
      updatedAt: at(2 * HOUR),
    },
    {
      id: closed,
      userId: tradespersonId,
      subject: 'How do I add my Gas Safe certificate?',
      origin: 'assistant',
      status: 'closed',
      assignedAdminId: adminId,
      transcript: [
        { role: 'user', content: 'How do I add my Gas Safe certificate?' },
        { role: 'assistant', content: "I'm not sure I can answer that." },
      ],
      transcriptConsentedAt: at(6 * 24 * HOUR),
      firstResponseAt: at(6 * 24 * HOUR - 25 * MINUTE),
      closedAt: at(5 * 24 * HOUR),
      createdAt: at(6 * 24 * HOUR),
      updatedAt: at(5 * 24 * HOUR),
    },
    {
      id: guest,
      guestEmail: 'jo.bloggs@example.com',
      guestName: 'Jo',
      subject: 'Do you have electricians in Leeds?',
      origin: 'guest',
      status: 'open',
      createdAt: at(40 * MINUTE),
      updatedAt: at(40 * MINUTE),
    },
  ]);

  const message = (
    conversationId: string,
    ago: number,
    from: string | null,
    body: string,
    kind = 'message',
  ) => ({
    id: uuid(),
    conversationId,
    authorId: from,
    author: from === adminId ? 'staff' : 'user',
    kind,
    body,
    createdAt: at(ago),
    // Old enough to have been read (and so not emailed about on the demo's first start).
    readAt: at(ago - MINUTE),
    notifiedAt: from === adminId && kind === 'message' ? at(ago - MINUTE) : null,
  });
  await tx.insert(supportMessages).values([
    message(waiting, 3 * HOUR, customerId, 'I cancelled a booking on Monday. When will my refund arrive?'),
    message(waiting, 3 * HOUR - 10 * MINUTE, adminId, 'Refund issued on Monday; card ends 4242.', 'note'),
    message(waiting, 3 * HOUR - 12 * MINUTE, adminId, DEMO_CANNED_REPLIES[0]!.body),
    message(waiting, 2 * HOUR, adminId, 'Can you see it in your banking app yet?'),
    message(
      closed,
      6 * 24 * HOUR,
      tradespersonId,
      'I would like to talk to someone about my conversation with the assistant.',
    ),
    message(
      closed,
      6 * 24 * HOUR - 25 * MINUTE,
      adminId,
      'Open Documents from your dashboard and choose Upload, then Accreditation.',
    ),
    message(closed, 5 * 24 * HOUR - HOUR, tradespersonId, 'Found it, thank you!'),
    {
      ...message(
        guest,
        40 * MINUTE,
        null,
        'Hi, do you have electricians in Leeds? I need a new consumer unit.',
      ),
      readAt: null,
    },
  ]);
}
