import { ACTIVITY_ROUTES } from './activity/routes.ts';
import { ADMIN_ROUTES } from './admin/routes.ts';
import { AUTH_ROUTES } from './auth/routes.ts';
import { CLASS_ROUTES } from './classes/routes.ts';
import { NOTIFICATION_ROUTES } from './notifications/routes.ts';
import { OFFLINE_ROUTES } from './offline/routes.ts';
import { PARENT_ROUTES } from './parents/routes.ts';
import { DAILY_ROUTES } from './daily/routes.ts';
import { EXPLANATION_ROUTES } from './explanations/routes.ts';
import { GROUP_ROUTES } from './groups/routes.ts';
import { GUIDE_ROUTES } from './guides/routes.ts';
import { KNOWLEDGE_ROUTES } from './knowledge/routes.ts';
import { LEARNING_ROUTES } from './learning/routes.ts';
import { PROFILE_ROUTES } from './profile/routes.ts';
import { QUIZ_ROUTES } from './quiz/routes.ts';
import { REPORT_ROUTES } from './reports/routes.ts';
import { REVIEW_ROUTES } from './review/routes.ts';
import { SOCIAL_ROUTES } from './social/routes.ts';
import { SUBSCRIPTION_ROUTES } from './subscription/routes.ts';
import { SYSTEM_ROUTES } from './system/routes.ts';
import { GENERATION_ROUTES } from './generation/routes.ts';
import { TUTOR_ROUTES } from './tutor/routes.ts';
import { TOURNAMENT_ROUTES } from './tournaments/routes.ts';
import type { RouteDefinition } from './route-definition.ts';

/**
 * The HTTP API's routes: one Lambda per use case. Each area owns its table
 * (`functions/<area>/routes.ts`); this file only puts them together. The CDK app (one
 * stack of routes per area, see infra/stacks/api-area-stack.ts) and the local API Gateway
 * emulation both read ROUTES, so the two hosts serve the same API.
 * The shape of one route is in route-definition.ts.
 */
export type { RouteDefinition } from './route-definition.ts';

/**
 * Every area and its routes. An area is also a unit of deployment: it gets a CloudFormation
 * stack of its own. A new area is one line here (and an IAM entry per route in
 * infra/stacks/function-access.ts).
 */
export const API_AREAS = {
  auth: AUTH_ROUTES,
  profile: PROFILE_ROUTES,
  quiz: QUIZ_ROUTES,
  subscription: SUBSCRIPTION_ROUTES,
  system: SYSTEM_ROUTES,
  admin: ADMIN_ROUTES,
  social: SOCIAL_ROUTES,
  notifications: NOTIFICATION_ROUTES,
  daily: DAILY_ROUTES,
  activity: ACTIVITY_ROUTES,
  groups: GROUP_ROUTES,
  guides: GUIDE_ROUTES,
  tournaments: TOURNAMENT_ROUTES,
  reports: REPORT_ROUTES,
  offline: OFFLINE_ROUTES,
  learning: LEARNING_ROUTES,
  review: REVIEW_ROUTES,
  knowledge: KNOWLEDGE_ROUTES,
  tutor: TUTOR_ROUTES,
  generation: GENERATION_ROUTES,
  explanations: EXPLANATION_ROUTES,
  parents: PARENT_ROUTES,
  classes: CLASS_ROUTES,
} as const satisfies Record<string, readonly RouteDefinition[]>;

export type ApiArea = keyof typeof API_AREAS;

export interface ApiRoute extends RouteDefinition {
  readonly area: ApiArea;
}

/** All routes of all areas, each tagged with its area. */
export const ROUTES: readonly ApiRoute[] = (Object.keys(API_AREAS) as ApiArea[]).flatMap((area) =>
  API_AREAS[area].map((route): ApiRoute => ({ ...route, area })),
);

export { COGNITO_TRIGGERS } from './auth/routes.ts';
