import type { AchievementId } from '#shared/quiz/achievements.ts';
import type { StreakTier } from '#shared/quiz/streak.ts';
import {
  BoltIcon,
  BooksIcon,
  BulbIcon,
  CheckCircleIcon,
  CompassIcon,
  CrownIcon,
  FeatherIcon,
  FlameIcon,
  GlobeIcon,
  GraduationCapIcon,
  MedalIcon,
  RocketIcon,
  ScrollIcon,
  StarIcon,
  TargetIcon,
  TrophyIcon,
  type IconComponent,
} from '@/components/icons.tsx';

/** The picture on each achievement tile. */
export const ACHIEVEMENT_ICON: Record<AchievementId, IconComponent> = {
  first_quiz: TargetIcon,
  perfect_score: CheckCircleIcon,
  speed_demon: BoltIcon,
  streak_3: FlameIcon,
  subject_master: GraduationCapIcon,
  quiz_explorer: CompassIcon,
  history_buff: ScrollIcon,
  geography_master: GlobeIcon,
  religion_scholar: FeatherIcon,
  quick_thinker: BulbIcon,
  persistent_learner: BooksIcon,
  expert_achiever: TrophyIcon,
  speed_master: RocketIcon,
  bee_champion: MedalIcon,
  topic_master: StarIcon,
};

/** The picture beside each streak badge. */
export const STREAK_ICON: Record<StreakTier, IconComponent> = { none: FlameIcon, star: StarIcon, fire: FlameIcon, bolt: BoltIcon, crown: CrownIcon };
