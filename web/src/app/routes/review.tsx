import { ReviewPage } from '@/features/review/components/review-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/review` (students): Review Mode over the bookmarked questions. */
export function ReviewRoute() {
  useDocumentTitle('Review Mode');
  return <ReviewPage />;
}
