import type { Poem } from '@quillpost/domain';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { usePoems } from '../features/content/api/poetry';
import { ProseContent } from '../features/content/components/prose-content';
import { ResourceView } from '../features/content/components/resource-view';
import { useScrollToHash } from '../features/content/hooks/use-scroll-to-hash';
import { formatDate, humanize, machineDate } from '../features/content/utils/format';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';
import './poetry-page.css';

function PoemView({ poem }: { poem: Poem }) {
  return (
    <article id={poem.slug} className="poem" aria-labelledby={`${poem.slug}-title`}>
      <header className="poem__header">
        <h2 id={`${poem.slug}-title`} className="poem__title">
          {poem.title}
        </h2>
        <p className="poem__meta">
          <time dateTime={machineDate(poem.date)}>{formatDate(poem.date)}</time>
          {poem.form ? <span> · {humanize(poem.form)}</span> : null}
        </p>
      </header>
      <ProseContent html={poem.content} variant="verse" />
    </article>
  );
}

export default function PoetryPage() {
  useDocumentMeta({
    title: 'Poetry',
    description:
      'Poems by Rowan Ellis: small observations about code, libraries, weather and love.',
  });
  const poems = usePoems();
  useScrollToHash(poems.status === 'ready');
  return (
    <div className="page page--reading">
      <PageHeader
        eyebrow="Write"
        title="Poetry"
        lede="Now and then something will only fit in a poem. These are those."
      />
      <ResourceView resource={poems} variant="wave" label="Loading poems">
        {(list) =>
          list.length > 0 ? (
            <>
              <nav className="poem-index" aria-label="Poems on this page">
                <ol>
                  {list.map((poem) => (
                    <li key={poem.slug}>
                      <a href={`#${poem.slug}`}>{poem.title}</a>
                    </li>
                  ))}
                </ol>
              </nav>
              <div className="poems">
                {list.map((poem) => (
                  <PoemView key={poem.slug} poem={poem} />
                ))}
              </div>
            </>
          ) : (
            <EmptyState title="No poems yet" />
          )
        }
      </ResourceView>
    </div>
  );
}
