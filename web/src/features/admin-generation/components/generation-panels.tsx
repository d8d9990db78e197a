import { GuideGenerationPanel } from './guide-generation-panel.tsx';
import { QuestionGenerationPanel } from './question-generation-panel.tsx';

/** The admin dashboard's generation panels (Documents tab, after the knowledge base). */
export function GenerationPanels() {
  return (
    <>
      <QuestionGenerationPanel />
      <GuideGenerationPanel />
    </>
  );
}
