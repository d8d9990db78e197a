import { useRef, type KeyboardEvent } from 'react';
import { tabAfterKey, type TabItem } from '@/lib/tab-keys.ts';
import styles from './tab-list.module.css';

/** The id of the tab panel a TabList's tab controls: `<div role="tabpanel" id={tabPanelId(prefix, tab)} …>`. */
export const tabPanelId = (idPrefix: string, tab: string) => `${idPrefix}-panel-${tab}`;
export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;

interface TabListProps<T extends string> {
  readonly tabs: readonly TabItem<T>[];
  readonly selected: T;
  readonly onSelect: (tab: T) => void;
  /** Unique on the page: tab ids are `<prefix>-tab-<id>`, panel ids `<prefix>-panel-<id>`. */
  readonly idPrefix: string;
  readonly label: string;
}

/**
 * A row of tabs following the WAI-ARIA tabs pattern: one tab in the tab order, arrows move
 * and select (wrapping), Home and End jump, focus follows the selection.
 */
export function TabList<T extends string>({ tabs, selected, onSelect, idPrefix, label }: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(tabs, selected, event.key);
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {tabs.map(({ id, label: text, badge }) => (
        <button
          key={id}
          ref={(node) => {
            if (node) refs.current.set(id, node);
            else refs.current.delete(id);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, id)}
          aria-selected={selected === id}
          aria-controls={tabPanelId(idPrefix, id)}
          tabIndex={selected === id ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(id)}
          onKeyDown={onKeyDown}
        >
          {text}
          {badge}
        </button>
      ))}
    </div>
  );
}
