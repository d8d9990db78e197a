import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '#shared/notifications/notification.ts';
import { arrivals, browserCreate, popUp } from './browser-notifications.ts';

/** Pops up each notification that arrives while the app is open, if the person allowed it. */
export function useBrowserPopUps(items: readonly Notification[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!items) return;
    const create = browserCreate();
    if (create) {
      for (const item of arrivals(seen.current, items)) {
        const target = item.action_url;
        popUp(item, create, setTimeout, () => {
          window.focus();
          if (target) navigate(target);
        });
      }
    }
    seen.current = new Set([...(seen.current ?? []), ...items.map((n) => n.id)]);
  }, [items, navigate]);
}
