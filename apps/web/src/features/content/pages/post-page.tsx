import {
  itemPath,
  PAGE_PATHS,
  pagePath,
  SHARED_IMAGE_WIDTH,
  variantUrl,
  widthFor,
  type Post,
  type PostConversation,
} from '@quillpost/domain';
import { Link, useLoaderData, useRouteError } from 'react-router-dom';
import {
  postFailureMessage,
  postNeighbours,
  type PostNeighbours as PostNeighbourLinks,
} from '../api/posts';
import { BookmarkSlot } from '../components/bookmark-button';
import { ConversationSection } from '../components/conversation';
import { PostMeta } from '../components/post-meta';
import { PostNeighbours } from '../components/post-neighbours';
import { ProseContent } from '../components/prose-content';
import { SubscribeCall } from '../components/subscribe-call';
import { FollowBox } from '../components/follow-box';
import { TagList } from '../components/tag-list';
import { humanize } from '../utils/format';
import { ContentImage, FEATURED_IMAGE_SIZES } from '../components/content-image';
import {
  errorStatus,
  type PageHandle,
  type PageLoaderArgs,
  type PageMetaFunction,
} from '../../../lib/route-handle';
import { absoluteUrl } from '../../../lib/page-head';
import { useDates } from '../../../lib/use-dates';
import { person } from '../publication';
import NotFoundPage from './not-found-page';
import { required } from '../read-results';
import '../components/content.css';
import './post-page.css';

export interface PostData {
  post: Post;
  neighbours: PostNeighbourLinks | null;
  /** The comments every visitor sees; null when they could not be read (the post still shows). */
  conversation: PostConversation | null;
}

export async function loader({ reader, params }: PageLoaderArgs): Promise<PostData> {
  const slug = params.slug ?? '';
  const [post, posts, conversation] = await Promise.all([
    reader.post(slug),
    reader.posts(),
    reader.conversation('post', slug),
  ]);
  return {
    post: required(post),
    neighbours: posts.ok ? postNeighbours(posts.data, slug) : null,
    conversation: conversation.ok ? conversation.data : null,
  };
}

export const handle: PageHandle = { item: 'Post' };

export const meta: PageMetaFunction<typeof loader> = ({ post }, publication) => {
  const { publicUrl, site } = publication;
  const path = itemPath('post', post.slug);
  const description = post.excerpt_short || post.excerpt_medium || site.description;
  // Search engines read the photo itself (JSON-LD), at the width link cards show.
  const variants = post.featured_image_variants;
  const image = variants
    ? variantUrl(variants, widthFor(variants, SHARED_IMAGE_WIDTH), variants.fallback)
    : post.featured_image_url;
  return {
    title: post.title,
    description,
    path,
    type: 'article',
    card: `/og/post/${post.slug}.png`,
    article: {
      publishedTime: post.date,
      modifiedTime: post.updated_at,
      section: humanize(post.category),
      tags: post.tags,
    },
    jsonLd: [
      {
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        url: publicUrl + path,
        mainEntityOfPage: publicUrl + path,
        datePublished: post.date,
        dateModified: post.updated_at ?? post.date,
        author: person(publication),
        publisher: { '@type': 'Person', name: site.owner.name, url: `${publicUrl}/` },
        ...(image ? { image: absoluteUrl(publicUrl, image) } : {}),
        articleSection: humanize(post.category),
        keywords: post.tags.join(', '),
        inLanguage: site.language,
        ...(post.reading_minutes ? { timeRequired: `PT${post.reading_minutes}M` } : {}),
      },
    ],
  };
};

/** A post that is not there (the not-found page), or could not be loaded. */
export function ErrorBoundary() {
  const status = errorStatus(useRouteError());
  // A missing post is a missing page like any other, with the spec's words for it.
  if (status === 404) return <NotFoundPage note={postFailureMessage(status)} />;
  return (
    <div className="page page--reading post-missing">
      <p className="page__eyebrow">Something went wrong</p>
      <h1>This post could not be loaded</h1>
      <p className="alert alert--error post-missing__status" role="alert">
        {postFailureMessage(status)}
      </p>
      <p className="page__lede">
        Please try again in a moment. Everything that is published is listed on the blog.
      </p>
      <p className="post-missing__actions">
        <Link className="button button--primary" to={PAGE_PATHS.blog}>
          Browse all posts
        </Link>
        <Link className="button" to={PAGE_PATHS.home}>
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

/** The author's picture beside their name (decorative: the name is written next to it). */
function AuthorAvatar({
  src,
  size,
  lazy = false,
}: {
  src: string | null;
  size: number;
  lazy?: boolean;
}) {
  if (!src) return null;
  return (
    <img
      className="post__avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      {...(lazy ? { loading: 'lazy' as const } : {})}
    />
  );
}

export default function PostPage() {
  const { post, neighbours, conversation } = useLoaderData() as PostData;
  // The send is an instant: its day is the site's (a content date is a calendar day already).
  const dates = useDates();
  return (
    <div className="page page--reading">
      <article className="post" aria-labelledby="post-title">
        <header className="post__header">
          <p className="post__eyebrow">
            <Link to={pagePath('category', { '*': post.category })}>{humanize(post.category)}</Link>
            {post.sub_category ? (
              <>
                <span aria-hidden="true"> / </span>
                <Link to={pagePath('category', { '*': [post.category, post.sub_category] })}>
                  {humanize(post.sub_category)}
                </Link>
              </>
            ) : null}
          </p>
          <h1 id="post-title" className="post__title">
            {post.title}
          </h1>
          <div className="post__byline">
            <AuthorAvatar src={post.author_avatar} size={40} />
            <div className="post__byline-text">
              {post.author_name ? <p className="post__author">{post.author_name}</p> : null}
              <PostMeta post={post} showCategory={false} />
              {post.newsletter_sent_at ? (
                <p className="post__newsletter">
                  Sent as a newsletter on{' '}
                  <time dateTime={post.newsletter_sent_at}>
                    {dates.longDate(post.newsletter_sent_at)}
                  </time>
                </p>
              ) : null}
            </div>
            <div className="post__actions">
              <BookmarkSlot postId={post.id} slug={post.slug} title={post.title} />
            </div>
          </div>
        </header>

        {post.featured_image_url ? (
          <figure className="post__figure">
            <ContentImage
              src={post.featured_image_url}
              variants={post.featured_image_variants}
              alt={`Illustration for “${post.title}”`}
              sizes={FEATURED_IMAGE_SIZES}
              width={1200}
              height={630}
              priority
            />
          </figure>
        ) : null}

        <ProseContent html={post.content} className="post__content" />

        <footer className="post__footer">
          <TagList tags={post.tags} />
          {post.author_name && post.author_bio ? (
            <aside className="post__author-card" aria-label={`About ${post.author_name}`}>
              <AuthorAvatar src={post.author_avatar} size={56} lazy />
              <div>
                <p className="post__author-card-name">{post.author_name}</p>
                <p className="post__author-card-bio">{post.author_bio}</p>
              </div>
            </aside>
          ) : null}
          <SubscribeCall source="post" afterPost />
          <FollowBox headingLevel={3} />
          {neighbours ? <PostNeighbours {...neighbours} /> : null}
        </footer>
      </article>
      <ConversationSection
        kind="post"
        itemId={String(post.id)}
        slug={post.slug}
        conversation={conversation}
      />
    </div>
  );
}
