import { LearningStylePage } from '@/features/learning-style/components/learning-style-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/learning-style`: the learning-style assessment (every student). */
export function LearningStyleRoute() {
  useDocumentTitle('Learning Style Assessment');
  return <LearningStylePage />;
}
