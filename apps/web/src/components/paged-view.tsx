import type { ReactNode } from 'react';
import type { ResourceState } from '../lib/use-resource';
import { Pager } from './pager';
import { EmptyNote, ResourceView } from './resource-view';

/** A page of a longer list, as the API answers it. */
interface Paged {
  items: readonly unknown[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * A list the API sends a page at a time: loading, failed or ready as every list is, a note when
 * the page is empty, and the pager under what it shows.
 */
export function PagedView<T extends Paged>({
  resource,
  label,
  empty,
  onPage,
  children,
}: {
  resource: ResourceState<T>;
  /** What is loading, for screen readers ("the moderation log"). */
  label: string;
  /** Said in place of the list when there is nothing on it. */
  empty: ReactNode;
  onPage(page: number): void;
  children: (page: T) => ReactNode;
}) {
  return (
    <ResourceView resource={resource} label={label}>
      {(data) =>
        data.items.length === 0 ? (
          <EmptyNote>{empty}</EmptyNote>
        ) : (
          <>
            {children(data)}
            <Pager of={data} onPage={onPage} />
          </>
        )
      }
    </ResourceView>
  );
}
