import { z } from 'zod';
import { Text } from '../fields';

/** How to reach support: the server's SUPPORT_PHONE and SUPPORT_EMAIL settings. */
export const SupportContactView = z.object({ phone: Text, email: Text });
export type SupportContactView = z.infer<typeof SupportContactView>;
