import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '#shared/plans.ts';
import { invalidateAll } from '@/lib/query/create-query-client.ts';
import { AFTER_PLAN_CHANGE } from '@/lib/query/query-roots.ts';
import { joinWaitlistRequest, recordIntentRequest, startTrialRequest } from './api/subscription-api.ts';
import { trialFailure } from './plan-model.ts';

/**
 * POST /api/subscription/trial. Success changes the plan: the profile, progress (which
 * levels are open) and analytics are fetched again before the mutation settles, so the
 * page never shows the old plan beside the started trial.
 */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startTrialRequest(),
    meta: { invalidates: AFTER_PLAN_CHANGE },
    onError: (failure) => {
      // Trial used, or already premium: the server knows better than this page's profile.
      if (trialFailure(failure).kind !== 'error') void invalidateAll(queryClient, AFTER_PLAN_CHANGE);
    },
  });
}

/** POST /api/subscription/intent: records the chosen plan and names the checkout page. Changes no plan. */
export const useRecordIntent = () => useMutation({ mutationFn: (plan: PlanId) => recordIntentRequest(plan) });

/** POST /api/subscription/waitlist. */
export const useJoinWaitlist = () => useMutation({ mutationFn: (email: string) => joinWaitlistRequest(email) });
