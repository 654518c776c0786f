import type { Page } from '@quillpost/domain';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { ProseContent } from './prose-content';
import { ContentDate } from './content-date';
import './content.css';

function PageBody({
  page,
  eyebrow,
  after,
}: {
  page: Page;
  eyebrow?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <article aria-labelledby="page-title">
      <PageHeader
        eyebrow={eyebrow}
        title={<span id="page-title">{page.title}</span>}
        lede={page.description}
      />
      <ProseContent html={page.content} />
      {page.updated_at ? (
        <p className="ui-text muted fixed-page__updated">
          Last updated <ContentDate iso={page.updated_at} />
        </p>
      ) : null}
      {after}
    </article>
  );
}

/** A page whose words live in content/pages (start, welcome, tos, privacy, contact). */
export function FixedPage({ eyebrow, after }: { eyebrow?: ReactNode; after?: ReactNode }) {
  const page = useLoaderData() as Page;
  return (
    <div className="page page--reading">
      <PageBody page={page} eyebrow={eyebrow} after={after} />
    </div>
  );
}
