/**
 * The three hubs of the site. A hub's name is its menu label (domain navigation); what it says
 * about itself is page copy, written here once and used by the hub pages and the home page.
 */
import { MOBILE_MENU_LINKS, PAGE_PATHS } from '@quillpost/domain';

export const HUB_IDS = ['build', 'learn', 'write'] as const;
export type HubId = (typeof HUB_IDS)[number];

export interface Hub {
  id: HubId;
  /** The hub's route, also the post category it collects. */
  path: string;
  title: string;
  eyebrow: string;
  intro: string;
  /** One sentence for cards and the meta description. */
  summary: string;
}

const COPY: Record<HubId, Omit<Hub, 'id' | 'path' | 'title'>> = {
  build: {
    eyebrow: 'Software, projects and tools',
    intro:
      'Notes from the workbench: the small tools I make for myself, the software I maintain, and what broke along the way. Most of it is about keeping things simple enough to run for years.',
    summary: 'Build logs, small tools and the projects behind this site.',
  },
  learn: {
    eyebrow: 'Reading and learning in public',
    intro:
      'What I am studying and reading, written down while it is still fresh enough to remember what confused me. The bookshelf and the reading list live here too.',
    summary: 'Notes from learning in public, and the books on my desk.',
  },
  write: {
    eyebrow: 'Essays, journal and poetry',
    intro:
      'Essays on the craft of writing, a journal of ordinary days, and the occasional poem. Writing is how I find out what I think.',
    summary: 'Essays on craft, a journal of ordinary days and some poems.',
  },
};

function titleFor(id: HubId): string {
  return MOBILE_MENU_LINKS.find((link) => link.path === PAGE_PATHS[id])?.label ?? id;
}

export const HUBS: Record<HubId, Hub> = {
  build: { id: 'build', path: PAGE_PATHS.build, title: titleFor('build'), ...COPY.build },
  learn: { id: 'learn', path: PAGE_PATHS.learn, title: titleFor('learn'), ...COPY.learn },
  write: { id: 'write', path: PAGE_PATHS.write, title: titleFor('write'), ...COPY.write },
};

export function isHubId(value: unknown): value is HubId {
  return (HUB_IDS as readonly unknown[]).includes(value);
}
