// A neutral toast ('Payment processing'): news that is neither a success nor a failure. Apart from
// ./toast, whose helpers the landing page's first script carries, since few screens need this one.
import { toastOutlet } from './toast-outlet';

export async function showInfo(title: string, description?: string): Promise<void> {
  const [{ toast }] = await Promise.all([import('sonner'), toastOutlet()]);
  toast.info(title, description === undefined ? undefined : { description });
}
