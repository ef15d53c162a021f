// A neutral toast ('Payment processing'): news that is neither a success nor a failure. Apart from
// ./toast, whose helpers the landing page's first script carries, since few screens need this one.

export async function showInfo(title: string, description?: string): Promise<void> {
  const { toast } = await import('sonner');
  toast.info(title, description === undefined ? undefined : { description });
}
