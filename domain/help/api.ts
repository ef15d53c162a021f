import { z } from 'zod';

/** How to reach support: the server's SUPPORT_PHONE and SUPPORT_EMAIL settings. */
export const SupportContactView = z.object({ phone: z.string(), email: z.string() });
export type SupportContactView = z.infer<typeof SupportContactView>;
