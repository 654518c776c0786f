/**
 * /search?q= (issue 26): the site's search as a page, rendered on the server, so it works
 * without JavaScript (a plain GET form) and a search can be linked; not for search engines. The
 * header's search field lists the same results as the reader types.
 */
import { PAGE_PATHS, type SearchResponse } from '@quillpost/domain';
import { useId } from 'react';
import { Form, Link, useLoaderData } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { TextField } from '../../../components/text-field';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { useDates } from '../../../lib/use-dates';
import { SEARCH_KIND_LABELS } from '../search-kinds';
import '../components/content.css';
import './search-page.css';

export interface SearchData {
  query: string;
  results: SearchResponse['results'];
  /** The search could not be run (not: found nothing). */
  failed: boolean;
}

export async function loader({ reader, request }: PageLoaderArgs): Promise<SearchData> {
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  if (!query) return { query, results: [], failed: false };
  const found = await reader.search(query);
  return found.ok
    ? { query, results: found.data.results, failed: false }
    : { query, results: [], failed: true };
}

export const meta: PageMetaFunction<typeof loader> = ({ query }) => ({
  title: query ? `Search: ${query}` : 'Search',
  description: 'Search the posts, journal, poems, books, projects and pages of this site.',
  path: PAGE_PATHS.search,
  noindex: true,
});

export default function SearchPage() {
  const { query, results, failed } = useLoaderData() as SearchData;
  const dates = useDates();
  const fieldId = useId();
  return (
    <div className="page search-page">
      <PageHeader eyebrow="Search" title={query ? `Results for “${query}”` : 'Search the site'} />
      <Form method="get" action={PAGE_PATHS.search} role="search" className="search-page__form">
        <TextField
          id={fieldId}
          label="Search the site"
          labelHidden
          inline
          type="search"
          name="q"
          defaultValue={query}
          maxLength={200}
          placeholder="Words from a post, a poem, a book…"
        />
        <button type="submit" className="button button--primary">
          Search
        </button>
      </Form>
      {failed ? (
        <p className="alert alert--error" role="alert">
          The search could not be run just now. Please try again in a moment.
        </p>
      ) : query && results.length === 0 ? (
        <p className="search-page__none">
          Nothing matches “{query}”. Try fewer words, or browse{' '}
          <Link to={PAGE_PATHS.blog}>the blog</Link>.
        </p>
      ) : results.length ? (
        <>
          <p className="search-page__count" role="status">
            {results.length === 1 ? '1 result' : `${results.length} results`}
          </p>
          <ol className="search-results">
            {results.map((result) => (
              <li key={`${result.kind}:${result.slug}`} className="search-results__item">
                <p className="search-results__meta">
                  {SEARCH_KIND_LABELS[result.kind]} ·{' '}
                  <time dateTime={result.date}>{dates.calendarDay(result.date)}</time>
                </p>
                <h2 className="search-results__title">
                  <Link to={result.path}>{result.title}</Link>
                </h2>
                {/* The API escapes the snippet and adds only <mark> around the words found. */}
                <p
                  className="search-results__snippet"
                  dangerouslySetInnerHTML={{ __html: result.snippet }}
                />
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
