import { Construction } from 'lucide-react';
import { ScreenNotice } from '@/components/screen-notice';

/** The one honest panel shown by every screen that a later issue builds. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <ScreenNotice icon={Construction} title={title} link={{ to: '/', label: 'Back to the home page' }} roomy>
      This part of TradeNest is being built and is not available yet. Please check back soon.
    </ScreenNotice>
  );
}
